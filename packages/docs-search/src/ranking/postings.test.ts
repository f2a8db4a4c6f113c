import { describe, expect, it } from 'vitest';
import type { Posting } from '../build.js';
import { findDoc } from './postings.js';

const posting: Posting = {
  docs: Int32Array.of(1, 4, 9),
  strength: Float32Array.of(0.5, 0.5, 0.5),
  positionStarts: Int32Array.of(0, 2, 2, 3),
  positions: Int32Array.of(3, 7, 1),
};

describe('postings', () => {
  it('finds a section by binary search', () => {
    expect(findDoc(posting, 1)).toBe(0);
    expect(findDoc(posting, 9)).toBe(2);
    expect(findDoc(posting, 5)).toBe(-1);
  });
});
