import { describe, expect, it } from 'vitest';
import { Accumulator } from './accumulator.js';

describe('Accumulator', () => {
  it('keeps maxima and sums and forgets them on clear', () => {
    const accumulator = new Accumulator(4);
    accumulator.max(1, 2);
    accumulator.max(1, 1);
    accumulator.add(2, 0.5);
    accumulator.add(2, 0.25);
    expect(accumulator.get(1)).toBe(2);
    expect(accumulator.get(2)).toBe(0.75);
    expect(accumulator.count(2)).toBe(2);
    expect(Array.from(accumulator.touched.subarray(0, accumulator.touchedCount))).toEqual([1, 2]);
    accumulator.clear();
    expect(accumulator.get(1)).toBe(0);
    expect(accumulator.touchedCount).toBe(0);
  });
});
