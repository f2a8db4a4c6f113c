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
