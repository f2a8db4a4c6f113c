import { stemmer } from 'stemmer';
import { singular } from './plural.js';
import { isStopWord } from './stop-words.js';

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
  const stem = stemmer(word);
  // Porter cuts some words down to a function word (`one` → `on`); such a stem would make the word
  // match every `on` of the text, so the word keeps its own (singular) form instead.
  if (isStopWord(stem) && !isStopWord(word)) return singular(word);
  return stem;
}
