import { describe, expect, it } from 'vitest';
import { bm25Score, compareRankKeys, queryTerms, rankTexts, tokenize, type CorpusStatistics } from './lexical.js';

describe('tokenize', () => {
  it('lower-cases, folds accents, drops stop words and stems English words', () => {
    expect(tokenize('The preferences of Élodie: RUNNING 12 miles, dark-mode')).toEqual([
      'prefer',
      'elodi',
      'run',
      '12',
      'mile',
      'dark',
      'mode',
    ]);
  });

  it('keeps words with digits and short words as they are', () => {
    expect(tokenize('a2a v8 ok')).toEqual(['a2a', 'v8', 'ok']);
  });

  it('gives no terms for empty text or stop words only', () => {
    expect(tokenize('')).toEqual([]);
    expect(tokenize('what is the, of it?')).toEqual([]);
  });

  it('makes query terms distinct', () => {
    expect(queryTerms('invoice invoices INVOICE pdf')).toEqual(['invoic', 'pdf']);
  });
});

describe('bm25Score', () => {
  const corpus = (documentCount: number, averageLength: number, frequencies: Record<string, number>): CorpusStatistics => ({
    documentCount,
    averageLength,
    documentFrequency: (term) => frequencies[term] ?? 0,
  });

  it('is 0 without a shared term', () => {
    expect(bm25Score(['pdf'], { termFrequencies: new Map([['invoic', 1]]), length: 1 }, corpus(10, 5, { pdf: 1 }))).toBe(0);
  });

  it('rewards rare terms over common ones', () => {
    const stats = corpus(100, 4, { rare: 1, common: 90 });
    const rare = bm25Score(['rare'], { termFrequencies: new Map([['rare', 1]]), length: 4 }, stats);
    const common = bm25Score(['common'], { termFrequencies: new Map([['common', 1]]), length: 4 }, stats);
    expect(rare).toBeGreaterThan(common);
    expect(common).toBeGreaterThan(0);
  });

  it('prefers the shorter of two documents with the same matches', () => {
    const stats = corpus(10, 10, { pdf: 2 });
    const short = bm25Score(['pdf'], { termFrequencies: new Map([['pdf', 1]]), length: 3 }, stats);
    const long = bm25Score(['pdf'], { termFrequencies: new Map([['pdf', 1]]), length: 30 }, stats);
    expect(short).toBeGreaterThan(long);
  });

  it('saturates repeated terms', () => {
    const stats = corpus(10, 10, { pdf: 2 });
    const once = bm25Score(['pdf'], { termFrequencies: new Map([['pdf', 1]]), length: 10 }, stats);
    const ten = bm25Score(['pdf'], { termFrequencies: new Map([['pdf', 10]]), length: 10 }, stats);
    expect(ten).toBeGreaterThan(once);
    expect(ten).toBeLessThan(once * 2.2 + 1e-9);
  });
});

describe('compareRankKeys', () => {
  const key = (score: number, weight = 0.5, time = '2025-01-01T00:00:00.000Z', sequence = 1) => ({ score, weight, time, sequence });

  it('orders by score, then weight, then newest time, then latest insertion', () => {
    const keys = [
      key(1, 0.5, '2025-01-01T00:00:00.000Z', 1),
      key(2),
      key(1, 0.9),
      key(1, 0.5, '2025-02-01T00:00:00.000Z', 0),
      key(1, 0.5, '2025-01-01T00:00:00.000Z', 7),
    ];
    expect(keys.sort(compareRankKeys)).toEqual([
      key(2),
      key(1, 0.9),
      key(1, 0.5, '2025-02-01T00:00:00.000Z', 0),
      key(1, 0.5, '2025-01-01T00:00:00.000Z', 7),
      key(1, 0.5, '2025-01-01T00:00:00.000Z', 1),
    ]);
  });

  it('treats scores within floating-point noise as ties', () => {
    expect(compareRankKeys(key(0.1 + 0.2, 0.4), key(0.3, 0.6))).toBeGreaterThan(0);
  });
});

describe('rankTexts', () => {
  const items = [
    { item: 'a', text: 'Check the order status before issuing a refund', weight: 0.2, time: '2025-01-01T00:00:00.000Z', sequence: 1 },
    { item: 'b', text: 'Refunds above 50 EUR need approval', weight: 0.9, time: '2025-01-02T00:00:00.000Z', sequence: 2 },
    { item: 'c', text: 'Answer in the language of the customer', weight: 0.5, time: '2025-01-03T00:00:00.000Z', sequence: 3 },
  ];

  it('returns the matching items, best first, with their scores', () => {
    const ranked = rankTexts('refund an order', items, 5);
    expect(ranked.map((entry) => entry.item)).toEqual(['a', 'b']);
    expect(ranked[0]?.score).toBeGreaterThan(ranked[1]?.score ?? Infinity);
  });

  it('ranks every item by weight for a query without terms', () => {
    expect(rankTexts('', items, 5).map((entry) => entry.item)).toEqual(['b', 'c', 'a']);
  });

  it('honours k, and gives nothing for k <= 0', () => {
    expect(rankTexts('refund', items, 1).map((entry) => entry.item)).toEqual(['b']);
    expect(rankTexts('refund', items, 0)).toEqual([]);
    expect(rankTexts('refund', items, -3)).toEqual([]);
  });
});
