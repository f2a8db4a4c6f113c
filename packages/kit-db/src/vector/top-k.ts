/** A primary key as a tie-breaker: numbers compare numerically, strings by UTF-16 code units. */
export type TieKey = string | number | bigint;

/** Orders two keys so ties in score always come out the same way, whatever the order rows arrived in. */
export function compareKeys(a: TieKey, b: TieKey): number {
  if (typeof a === typeof b) return a < b ? -1 : a > b ? 1 : 0;
  // Mixed kinds only happen with odd custom keys; compare their text so the order is still total.
  const left = String(a);
  const right = String(b);
  return left < right ? -1 : left > right ? 1 : 0;
}

interface Entry<T> {
  readonly score: number;
  readonly key: TieKey;
  readonly value: T;
}

/**
 * The best `k` of a stream of scored values, kept in a binary min-heap of at most `k` entries, so a
 * search over n rows costs O(n log k) time and O(k) memory instead of sorting all n. Higher scores are
 * better; equal scores prefer the smaller key.
 */
export class TopK<T> {
  readonly #k: number;
  readonly #heap: Entry<T>[] = [];

  constructor(k: number) {
    if (!Number.isInteger(k) || k < 0) throw new RangeError(`TopK: k must be a whole number of 0 or more, got ${k}`);
    this.#k = k;
  }

  /** How many entries are held (at most k). */
  get size(): number {
    return this.#heap.length;
  }

  /**
   * The score a new entry must beat to be kept: the worst held score once k are held, else -Infinity.
   * Lets a caller skip work (decoding a row) for candidates that cannot make it.
   */
  get threshold(): number {
    return this.#heap.length < this.#k ? Number.NEGATIVE_INFINITY : this.#heap[0]!.score;
  }

  /** Offers one candidate; it is kept when fewer than k are held or it beats the worst held. */
  offer(score: number, key: TieKey, value: T): void {
    if (this.#k === 0 || Number.isNaN(score)) return;
    const heap = this.#heap;
    const entry: Entry<T> = { score, key, value };
    if (heap.length < this.#k) {
      heap.push(entry);
      this.#siftUp(heap.length - 1);
      return;
    }
    if (!worse(heap[0]!, entry)) return;
    heap[0] = entry;
    this.#siftDown(0);
  }

  /** The held entries, best first. */
  sorted(): { score: number; key: TieKey; value: T }[] {
    return [...this.#heap].sort((a, b) => (worse(a, b) ? 1 : worse(b, a) ? -1 : 0));
  }

  #siftUp(index: number): void {
    const heap = this.#heap;
    let child = index;
    while (child > 0) {
      const parent = (child - 1) >> 1;
      if (!worse(heap[child]!, heap[parent]!)) return;
      [heap[child], heap[parent]] = [heap[parent]!, heap[child]!];
      child = parent;
    }
  }

  #siftDown(index: number): void {
    const heap = this.#heap;
    let parent = index;
    for (;;) {
      const left = parent * 2 + 1;
      const right = left + 1;
      let worst = parent;
      if (left < heap.length && worse(heap[left]!, heap[worst]!)) worst = left;
      if (right < heap.length && worse(heap[right]!, heap[worst]!)) worst = right;
      if (worst === parent) return;
      [heap[parent], heap[worst]] = [heap[worst]!, heap[parent]!];
      parent = worst;
    }
  }
}

/** Whether `a` ranks below `b`: a lower score, or the same score and a larger key. */
function worse(a: Entry<unknown>, b: Entry<unknown>): boolean {
  if (a.score !== b.score) return a.score < b.score;
  return compareKeys(a.key, b.key) > 0;
}
