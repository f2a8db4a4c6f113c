import { describe, expect, it } from 'vitest';
import { format, median, percentile, seededRandom } from './stats.js';

describe('bench statistics', () => {
  it('takes nearest-rank percentiles and medians', () => {
    const values = [5, 1, 4, 2, 3, 6, 7, 8, 9, 10];
    expect(percentile(values, 0.5)).toBe(5);
    expect(percentile(values, 0.99)).toBe(10);
    expect(percentile(values, 0)).toBe(1);
    expect(percentile([], 0.5)).toBeNaN();
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
  });

  it('draws the same numbers from the same seed, all in [0, 1)', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    const draws = Array.from({ length: 1000 }, () => a());
    expect(draws).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...draws)).toBeLessThan(1);
    expect(new Set(draws).size).toBe(1000);
  });

  it('formats with separators', () => {
    expect(format(12345.678, 1)).toBe('12,345.7');
  });
});
