/**
 * The singular of a lower-case English word by its regular plural endings only (`policies` →
 * `policy`, `matches` → `match`, `statuses` → `status`, `timeouts` → `timeout`). It tells a plural of the word typed apart
 * from the other words the stemmer merges with it (`approve` and `approvals` share a stem, but only
 * `approval` is the same word).
 *
 * @example
 * ```ts
 * import { singular } from './plural.js';
 *
 * singular('approvals'); // 'approval'
 * ```
 */
export function singular(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(?:ch|sh|x|ss|zz|us)es$/u.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/(?:ss|us|is)$/u.test(word)) return word.slice(0, -1);
  return word;
}
