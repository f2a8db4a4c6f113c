import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareKeys, TopK } from './top-k.js';

/** The reference answer: sort everything, best first, ties by key, and take k. */
function bySorting(items: readonly { score: number; key: number }[], k: number) {
  return [...items].sort((a, b) => b.score - a.score || compareKeys(a.key, b.key)).slice(0, k);
}

describe('TopK', () => {
  it('keeps the k best, best first', () => {
    const top = new TopK<string>(3);
    for (const [score, key] of [
      [0.1, 1],
      [0.9, 2],
      [0.5, 3],
      [0.7, 4],
      [0.2, 5],
    ] as const)
      top.offer(score, key, `row ${key}`);
    expect(top.sorted().map((entry) => entry.value)).toEqual(['row 2', 'row 4', 'row 3']);
    expect(top.threshold).toBe(0.5);
  });

  it('breaks ties by the smaller key whatever the arrival order', () => {
    const forward = new TopK<number>(2);
    const backward = new TopK<number>(2);
    for (const key of ['c', 'a', 'b']) forward.offer(1, key, 0);
    for (const key of ['b', 'a', 'c']) backward.offer(1, key, 0);
    expect(forward.sorted().map((entry) => entry.key)).toEqual(['a', 'b']);
    expect(backward.sorted().map((entry) => entry.key)).toEqual(['a', 'b']);
  });

  it('holds nothing for k = 0, skips NaN scores, and refuses a negative k', () => {
    const none = new TopK<number>(0);
    none.offer(1, 1, 1);
    expect(none.sorted()).toEqual([]);
    const some = new TopK<number>(2);
    some.offer(Number.NaN, 1, 1);
    expect(some.size).toBe(0);
    expect(some.threshold).toBe(Number.NEGATIVE_INFINITY);
    expect(() => new TopK(-1)).toThrow(/k must be a whole number of 0 or more, got -1/);
  });

  it('agrees with sorting everything, for any scores, keys and k', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ score: fc.integer({ min: -5, max: 5 }).map((value) => value / 4), key: fc.integer({ min: 0, max: 40 }) }), {
          maxLength: 60,
        }),
        fc.integer({ min: 0, max: 70 }),
        (items, k) => {
          // Keys are primary keys, so they are unique.
          const unique = [...new Map(items.map((item) => [item.key, item])).values()];
          const top = new TopK<null>(k);
          for (const item of unique) top.offer(item.score, item.key, null);
          expect(top.sorted().map(({ score, key }) => ({ score, key }))).toEqual(bySorting(unique, k));
        },
      ),
      { seed: 20261123, numRuns: 300 },
    );
  });
});

describe('compareKeys', () => {
  it('compares numbers numerically and strings by code unit', () => {
    expect(compareKeys(9, 10)).toBeLessThan(0);
    expect(compareKeys('B', 'a')).toBeLessThan(0);
    expect(compareKeys('a', 'a')).toBe(0);
    expect(compareKeys(10n, 9n)).toBeGreaterThan(0);
  });
});
