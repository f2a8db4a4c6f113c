/**
 * A per-section number that many postings add to, reset in time proportional to what was touched
 * rather than to the corpus size, without allocating. One per index and purpose; searches are synchronous, so reusing
 * them between queries is safe and spares the garbage collector.
 *
 * @example
 * ```ts
 * import { Accumulator } from './accumulator.js';
 *
 * const best = new Accumulator(10);
 * best.max(3, 1.5);
 * best.get(3); // 1.5
 * best.clear();
 * ```
 */
export class Accumulator {
  private readonly values: Float64Array;
  private readonly counts: Uint16Array;
  private readonly present: Uint8Array;
  /** Sections touched since the last `clear`, in first-touch order: the first `touchedCount` entries. */
  readonly touched: Int32Array;
  touchedCount = 0;

  constructor(size: number) {
    this.values = new Float64Array(size);
    this.counts = new Uint16Array(size);
    this.present = new Uint8Array(size);
    this.touched = new Int32Array(size);
  }

  private touch(doc: number): void {
    if (this.present[doc] === 0) {
      this.present[doc] = 1;
      this.touched[this.touchedCount] = doc;
      this.touchedCount += 1;
    }
  }

  /** Keeps the larger of the stored value and `value`. */
  max(doc: number, value: number): void {
    if (this.present[doc] === 0) {
      this.touch(doc);
      this.values[doc] = value;
    } else if (this.values[doc]! < value) {
      this.values[doc] = value;
    }
  }

  /** Adds `value` and counts one more contribution. */
  add(doc: number, value: number, count = 1): void {
    this.touch(doc);
    this.values[doc] = this.values[doc]! + value;
    this.counts[doc] = this.counts[doc]! + count;
  }

  /** Whether `doc` was touched since the last `clear`. */
  has(doc: number): boolean {
    return this.present[doc] === 1;
  }

  get(doc: number): number {
    return this.values[doc]!;
  }

  count(doc: number): number {
    return this.counts[doc]!;
  }

  clear(): void {
    for (let index = 0; index < this.touchedCount; index += 1) {
      const doc = this.touched[index]!;
      this.values[doc] = 0;
      this.counts[doc] = 0;
      this.present[doc] = 0;
    }
    this.touchedCount = 0;
  }
}
