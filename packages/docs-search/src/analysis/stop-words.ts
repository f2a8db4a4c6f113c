// Function words of English questions. Only dropped from queries, never from the index, and never
// when the query is written as code (see `query/parse.ts`), so `this`, `is` or `get` as code still match.
const STOP_WORDS: ReadonlySet<string> = new Set([
  'a',
  'about',
  'an',
  'and',
  'any',
  'are',
  'as',
  'at',
  'be',
  'by',
  'can',
  'could',
  'do',
  'does',
  'for',
  'from',
  'how',
  'i',
  'if',
  'in',
  'into',
  'is',
  'it',
  'its',
  'me',
  'my',
  'of',
  'on',
  'or',
  'should',
  'so',
  'than',
  'that',
  'the',
  'their',
  'them',
  'then',
  'there',
  'these',
  'this',
  'to',
  'was',
  'we',
  'what',
  'when',
  'where',
  'which',
  'who',
  'why',
  'will',
  'with',
  'would',
  'you',
  'your',
]);

/**
 * Whether a lower-case word is an English function word that a question may drop.
 *
 * @example
 * ```ts
 * import { isStopWord } from './stop-words.js';
 *
 * isStopWord('the'); // true
 * ```
 */
export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}
