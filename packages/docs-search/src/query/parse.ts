import { analyze } from '../analysis/analyze.js';
import { normalizeText } from '../analysis/normalize.js';
import { isStopWord } from '../analysis/stop-words.js';

/** One word of a query, as the ranking sees it. */
export interface QueryWord {
  /** Lower-case form as typed. */
  readonly surface: string;
  /** Its stem, comparable with indexed terms. */
  readonly term: string;
  /** The word is the end of the query and may be unfinished, so completions count. */
  readonly prefix: boolean;
  /**
   * A function word of a question, searched only as part of a synonym phrase (`sign in`). Set only
   * for plain words outside quotes and backticks, and only when the query has other words.
   */
  readonly stop: boolean;
  /**
   * The word was typed as a word of its own (plain text, not part of an identifier or code), so it
   * may also be half of a word the documentation writes closed up (`query string` for `querystring`).
   */
  readonly standalone: boolean;
}

/** A whole identifier of a query (`createsmartagent`, `db:migrate`), matched besides its words. */
export interface QueryCompound {
  readonly surface: string;
  readonly prefix: boolean;
}

/** A query taken apart. */
export interface ParsedQuery {
  readonly words: readonly QueryWord[];
  readonly compounds: readonly QueryCompound[];
  /** Quoted phrases, each as the stems of its words in order. */
  readonly phrases: readonly (readonly string[])[];
}

const SEGMENT_PATTERN = /"([^"]*)"|`([^`]*)`|([^"`]+)/gu;

interface PendingToken {
  readonly words: QueryWord[];
  readonly compounds: QueryCompound[];
  /** Written as code or inside a phrase: never dropped as a stop word. */
  readonly protected: boolean;
  /** A single plain word from the stop list. */
  readonly stop: boolean;
}

/**
 * Takes a query apart with the same analysis as the index. Quoted text becomes a phrase, text in
 * backticks counts as code. English function words are marked `stop` (searched only inside a
 * synonym phrase) when they are plain words, outside quotes and backticks, and the query has other
 * words: `the run` searches `run`, but `this` alone, `` `this` `` or `this.state` keep `this`. The last word is a prefix when the query does not
 * end in a space or a closing quote, as when someone is still typing.
 *
 * @example
 * ```ts
 * import { parseQuery } from './parse.js';
 *
 * parseQuery('how do I resume a paused run').words.filter((word) => !word.stop).map((word) => word.term); // ['resum', 'paus', 'run']
 * ```
 */
export function parseQuery(query: string): ParsedQuery {
  const text = normalizeText(query);
  const open = /[\p{L}\p{N}_]$/u.test(query.normalize('NFKC'));
  const tokens: PendingToken[] = [];
  const phrases: string[][] = [];

  for (const match of text.matchAll(SEGMENT_PATTERN)) {
    const phrase = match[1];
    const code = match[2];
    const plain = match[3];
    const segment = phrase ?? code ?? plain ?? '';
    const analyzed = analyze(segment);
    if (phrase !== undefined && analyzed.length > 0) {
      phrases.push(analyzed.flatMap((token) => token.words.map((word) => word.term)));
    }
    for (const token of analyzed) {
      const single = token.words.length === 1 && token.compounds.length === 0;
      const standalone = single && plain !== undefined;
      const words = token.words.map((word) => ({ surface: word.surface, term: word.term, prefix: false, stop: false, standalone }));
      const compounds = token.compounds.map((compound) => ({ surface: compound.surface, prefix: false }));
      tokens.push({
        words,
        compounds,
        protected: plain === undefined,
        stop: plain !== undefined && single && isStopWord(words[0]!.surface),
      });
    }
  }

  const last = tokens.at(-1);
  const endsInPlainText = open && text.length > 0 && !/["`]$/u.test(text);
  if (last !== undefined && endsInPlainText && !last.protected) {
    const lastWord = last.words.length - 1;
    last.words[lastWord] = { ...last.words[lastWord]!, prefix: true };
    if (last.compounds.length > 0) last.compounds[0] = { ...last.compounds[0]!, prefix: true };
  }

  const hasContent = tokens.some((token) => !token.stop);
  return {
    words: tokens.flatMap((token) => (hasContent && token.stop ? token.words.map((word) => ({ ...word, stop: true })) : token.words)),
    compounds: tokens.flatMap((token) => token.compounds),
    phrases,
  };
}
