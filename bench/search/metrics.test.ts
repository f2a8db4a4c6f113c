import { describe, expect, it } from 'vitest';
import { firstRelevantRank, percentile, relevantIds, summarise } from './metrics.js';

describe('benchmark metrics', () => {
  it('judges relevance by contained strings and topic', () => {
    const sections = [
      { id: 'a', documentTitle: 'T', heading: 'maxIterations', text: 'The default is 10.', code: '', topics: ['ai'] },
      { id: 'b', documentTitle: 'T', heading: 'Other', text: 'maxIterations', code: '', topics: ['auth'] },
    ];
    expect(relevantIds({ q: 'x', kind: 'identifier', mustContain: ['MAXITERATIONS', '10'] }, sections)).toEqual(new Set(['a']));
    expect(relevantIds({ q: 'x', kind: 'topic-filtered', topic: 'auth', mustContain: ['maxIterations'] }, sections)).toEqual(
      new Set(['b']),
    );
  });

  it('finds the first relevant rank within ten', () => {
    expect(firstRelevantRank(['x', 'a'], new Set(['a']))).toBe(2);
    expect(firstRelevantRank(['x'], new Set(['a']))).toBe(0);
  });

  it('summarises success and reciprocal rank', () => {
    const summary = summarise([1, 2, 0, 4]);
    expect(summary.successAt1).toBe(0.25);
    expect(summary.successAt3).toBe(0.5);
    expect(summary.mrrAt10).toBeCloseTo((1 + 0.5 + 0.25) / 4);
  });

  it('takes nearest-rank percentiles', () => {
    expect(percentile([5, 1, 3, 2, 4], 0.5)).toBe(3);
    expect(percentile([5, 1, 3, 2, 4], 0.99)).toBe(5);
  });
});
