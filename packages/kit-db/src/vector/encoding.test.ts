import { describe, expect, it } from 'vitest';
import { readStoredVector, toPgvectorText, vectorProblem } from './encoding.js';

describe('readStoredVector', () => {
  it('reads arrays, typed arrays, JSON text and pgvector text', () => {
    expect(readStoredVector([1, 2.5])).toEqual([1, 2.5]);
    expect(readStoredVector(new Float32Array([1, 2]))).toEqual(new Float32Array([1, 2]));
    expect(readStoredVector('[0.25,-1,3e-2]')).toEqual([0.25, -1, 0.03]);
    expect(readStoredVector(['1.5', '2'])).toEqual([1.5, 2]);
    const bytes = Buffer.concat([Buffer.alloc(1), Buffer.from(new Float32Array([0.5, -2]).buffer)]).subarray(1);
    expect(readStoredVector(bytes)).toEqual(new Float32Array([0.5, -2]));
    expect(readStoredVector(Buffer.alloc(6))).toBeUndefined();
  });

  it('gives undefined for null and for values that are not vectors', () => {
    expect(readStoredVector(null)).toBeUndefined();
    expect(readStoredVector('not json')).toBeUndefined();
    expect(readStoredVector('{"a":1}')).toBeUndefined();
    expect(readStoredVector(['x'])).toBeUndefined();
    expect(readStoredVector(42)).toBeUndefined();
  });
});

describe('toPgvectorText', () => {
  it('writes the bracketed list pgvector parses, with round-trip digits', () => {
    expect(toPgvectorText([1, 0.1, -2.5e-8])).toBe('[1,0.1,-2.5e-8]');
    expect(JSON.parse(toPgvectorText([Math.fround(0.1)]))).toEqual([Math.fround(0.1)]);
  });
});

describe('vectorProblem', () => {
  it('accepts a vector of the right size and says what is wrong otherwise', () => {
    expect(vectorProblem([1, 2, 3], 3)).toBeUndefined();
    expect(vectorProblem([1, 2], 3)).toBe('has 2 dimensions, expected 3');
    expect(vectorProblem('1,2,3', 3)).toBe('must be an array of 3 numbers, got string');
    expect(vectorProblem([1, Number.NaN, 3], 3)).toBe('item 1 must be a finite number, got NaN');
    expect(vectorProblem([1, '2', 3], 3)).toBe('item 1 must be a finite number, got string');
  });
});
