/** A raw token: a run of word characters, possibly joined by identifier connectors, as written. */
export interface RawToken {
  /** The token as written (case kept). */
  readonly text: string;
  /** Offset of the first character in the tokenised string. */
  readonly start: number;
  /** Offset just past the last character. */
  readonly end: number;
}

// A word is letters, digits and `_`; `.`, `:`, `/` and `-` join words into one identifier only when a
// word character follows, so `db:migrate`, `_layout.tsx` and `kit-core` stay whole while a sentence's
// final full stop or a dash between spaces does not.
const TOKEN_PATTERN = /[\p{L}\p{N}_]+(?:[.:/-][\p{L}\p{N}_]+)*/gu;

/**
 * Splits normalised text into raw tokens, keeping identifiers such as `AgentRunResult.status` whole.
 *
 * @example
 * ```ts
 * import { tokenize } from './tokenize.js';
 *
 * tokenize('Run kit db:migrate.').map((token) => token.text); // ['Run', 'kit', 'db:migrate']
 * ```
 */
export function tokenize(text: string): RawToken[] {
  const tokens: RawToken[] = [];
  for (const match of text.matchAll(TOKEN_PATTERN)) {
    const start = match.index;
    tokens.push({ text: match[0], start, end: start + match[0].length });
  }
  return tokens;
}
