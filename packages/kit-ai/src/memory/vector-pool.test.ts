import { describe, expect, it } from 'vitest';
import { VectorPool } from './vector-pool.js';

function similarities(pool: VectorPool<string>, query: number[]): Record<string, number> {
  const found: Record<string, number> = {};
  pool.scan(Float64Array.from(query), (owner, similarity) => {
    found[owner] = similarity;
  });
  return found;
}

describe('VectorPool', () => {
  it('scans cosine similarities: 1 same direction, -1 opposite, 0 orthogonal or without direction', () => {
    const pool = new VectorPool<string>(2);
    pool.add('east', [3, 0]);
    pool.add('west', [-1, 0]);
    pool.add('north', [0, 2]);
    pool.add('zero', [0, 0]);
    expect(similarities(pool, [5, 0])).toEqual({ east: 1, west: -1, north: 0, zero: 0 });
    expect(similarities(pool, [0, 0])).toEqual({ east: 0, west: 0, north: 0, zero: 0 });
    expect(similarities(pool, [1, 1]).east).toBeCloseTo(Math.SQRT1_2, 12);
  });

  it('grows past its capacity and stays dense after removals', () => {
    const pool = new VectorPool<string>(3, 2);
    for (let index = 0; index < 10; index++) pool.add(`v${index}`, [index, 1, 0]);
    expect(pool.size).toBe(10);
    expect(pool.remove('v0')).toBe(true);
    expect(pool.remove('v0')).toBe(false);
    expect(pool.remove('v5')).toBe(true);
    expect(pool.size).toBe(8);
    expect(pool.vectorOf('v9')).toEqual([9, 1, 0]);
    expect(pool.vectorOf('v4')).toEqual([4, 1, 0]);
    expect(pool.vectorOf('v5')).toBeUndefined();
    expect(Object.keys(similarities(pool, [1, 0, 0])).sort()).toEqual(['v1', 'v2', 'v3', 'v4', 'v6', 'v7', 'v8', 'v9']);
  });
});
