import type { Posting } from '../build.js';

/**
 * Index of section `doc` in a posting (binary search over its ascending sections), or -1.
 *
 * @example
 * ```ts
 * import { findDoc } from './postings.js';
 *
 * const posting = { docs: Int32Array.of(2, 5), strength: Float32Array.of(0.5, 0.5), positionStarts: Int32Array.of(0, 0, 0), positions: new Int32Array(0) };
 * findDoc(posting, 5); // 1
 * ```
 */
export function findDoc(posting: Posting, doc: number): number {
  const { docs } = posting;
  let low = 0;
  let high = docs.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const value = docs[middle]!;
    if (value === doc) return middle;
    if (value < doc) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/**
 * The text positions of `doc` in a posting, as a view (no copy); empty when the section lacks the term.
 *
 * @example
 * ```ts
 * import { positionsIn } from './postings.js';
 *
 * const posting = { docs: Int32Array.of(2), strength: Float32Array.of(0.5), positionStarts: Int32Array.of(0, 2), positions: Int32Array.of(3, 9) };
 * positionsIn(posting, 2); // Int32Array [3, 9]
 * ```
 */
export function positionsIn(posting: Posting, doc: number): Int32Array {
  const at = findDoc(posting, doc);
  if (at < 0) return EMPTY;
  return posting.positions.subarray(posting.positionStarts[at]!, posting.positionStarts[at + 1]!);
}

const EMPTY = new Int32Array(0);
