import { describe, expect, it } from 'vitest';
import { cosineSimilarity, cosineWithNorm, norm } from './cosine.js';

describe('cosineSimilarity', () => {
  it('is 1 for the same direction, -1 for the opposite and 0 for orthogonal vectors', () => {
    expect(cosineSimilarity([1, 2, 3], [2, 4, 6])).toBeCloseTo(1, 12);
    expect(cosineSimilarity([1, 2, 3], [-1, -2, -3])).toBeCloseTo(-1, 12);
    expect(cosineSimilarity([1, 0], [0, 5])).toBe(0);
  });

  it('ignores length and matches the formula a·b / (|a| |b|)', () => {
    const a = [0.5, -1.25, 3];
    const b = [2, 0.75, -0.5];
    const expected = (0.5 * 2 + -1.25 * 0.75 + 3 * -0.5) / (Math.hypot(...a) * Math.hypot(...b));
    expect(cosineSimilarity(a, b)).toBeCloseTo(expected, 14);
    expect(
      cosineSimilarity(
        a,
        b.map((value) => value * 1000),
      ),
    ).toBeCloseTo(expected, 12);
  });

  it('reads typed arrays like plain arrays', () => {
    expect(cosineSimilarity(new Float32Array([1, 1]), [1, 0])).toBeCloseTo(Math.SQRT1_2, 7);
  });

  it('has no value for a zero vector', () => {
    expect(cosineSimilarity([0, 0], [1, 2])).toBeNaN();
    expect(cosineWithNorm([1, 2], norm([1, 2]), [0, 0])).toBeNaN();
  });
});
