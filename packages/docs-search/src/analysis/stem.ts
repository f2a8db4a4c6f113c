import { stemmer } from 'stemmer';

/**
 * Reduces an English word to its stem with the Porter algorithm, leaving alone what is not an
 * English word: anything with a digit (`a2a`, `120000`) and words of one or two letters.
 *
 * @example
 * ```ts
 * import { stemWord } from './stem.js';
 *
 * stemWord('migrations'); // 'migrat'
 * ```
 */
export function stemWord(word: string): string {
  if (word.length <= 2 || /\p{N}/u.test(word)) return word;
  return stemmer(word);
}
