// Three reusable rows (two back, one back, current); the distance is computed often, on short words.
let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/**
 * Optimal-string-alignment distance (Levenshtein plus adjacent transpositions, so `agnet` is one
 * edit from `agent`), giving up as soon as the distance must exceed `max`. Returns `max + 1` then.
 *
 * @example
 * ```ts
 * import { boundedEditDistance } from './edit-distance.js';
 *
 * boundedEditDistance('agnet', 'agent', 2); // 1
 * ```
 */
export function boundedEditDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  const width = b.length + 1;
  if (width > rows[0]!.length) rows = rows.map(() => new Int32Array(width * 2));
  let [before, previous, current] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j < width; j += 1) previous[j] = j;
  for (let i = 1; i <= a.length; i += 1) {
    current[0] = i;
    let rowMinimum = i;
    for (let j = 1; j < width; j += 1) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) {
        value = Math.min(value, before[j - 2]! + 1);
      }
      current[j] = value;
      if (value < rowMinimum) rowMinimum = value;
    }
    if (rowMinimum > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  const distance = previous[b.length]!;
  return distance > max ? max + 1 : distance;
}

/**
 * How many edits a query term of this length may be corrected by: none up to 4 characters (`ctx`,
 * `env`, `llm` are too short to guess), 1 up to 7, 2 from 8.
 *
 * @example
 * ```ts
 * import { allowedTypos } from './edit-distance.js';
 *
 * allowedTypos('env'); // 0
 * ```
 */
export function allowedTypos(term: string): number {
  if (term.length <= 4) return 0;
  if (term.length <= 7) return 1;
  return 2;
}
