import { splitIdentifier } from './identifier.js';
import { stemWord } from './stem.js';
import { tokenize } from './tokenize.js';

/** One indexed term occurrence: the stored term, the form it was written in, and its position. */
export interface TermOccurrence {
  /** The stored term: a stem for words, the lower-case form for whole identifiers. */
  readonly term: string;
  /** The lower-case form as written, before stemming; what prefix and typo matching compare. */
  readonly surface: string;
  /** Word position in the field; the words of an identifier take consecutive positions. */
  readonly position: number;
  /** True for a whole identifier (`createsmartagent`), false for a word (`smart`). */
  readonly compound: boolean;
}

/** A raw token with the term occurrences it produced. */
export interface AnalyzedToken {
  readonly start: number;
  readonly end: number;
  /** Lower-case words in order, with their stems; one entry per position. */
  readonly words: readonly TermOccurrence[];
  /** Whole identifiers kept besides the words. */
  readonly compounds: readonly TermOccurrence[];
}

/**
 * Runs the analysis pipeline over already normalised text: tokenising, identifier splitting, case
 * folding and stemming. Positions count words, so `smart agent` and `createSmartAgent` both put
 * `smart` right before `agent`, which phrase and proximity matching rely on.
 *
 * @example
 * ```ts
 * import { analyze } from './analyze.js';
 *
 * analyze('createSmartAgent(config)')[0]?.words.map((word) => word.term); // ['creat', 'smart', 'agent']
 * ```
 */
export function analyze(text: string): AnalyzedToken[] {
  const result: AnalyzedToken[] = [];
  let position = 0;
  for (const raw of tokenize(text)) {
    const parts = splitIdentifier(raw.text);
    if (parts.words.length === 0) continue;
    const words = parts.words.map((surface, index) => ({
      term: stemWord(surface),
      surface,
      position: position + index,
      compound: false,
    }));
    const compounds = parts.compounds.map(({ form, firstWord }) => ({
      term: form,
      surface: form,
      position: position + firstWord,
      compound: true,
    }));
    result.push({ start: raw.start, end: raw.end, words, compounds });
    position += words.length;
  }
  return result;
}
