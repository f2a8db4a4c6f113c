import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { truncateJson } from './truncate-json.js';

describe('truncateJson', () => {
  it('returns a text that fits unchanged', () => {
    expect(truncateJson('{"a":1}', 100)).toBe('{"a":1}');
  });

  it('shortens long strings with a note of what was cut', () => {
    const text = truncateJson(JSON.stringify({ note: 'x'.repeat(1000), id: 7 }), 200);
    expect(text.length).toBeLessThanOrEqual(200);
    const value = JSON.parse(text) as { note: string; id: number };
    expect(value.id).toBe(7);
    expect(value.note).toMatch(/^x+…\[\d+ more characters\]$/);
  });

  it('cuts long arrays with a marker element', () => {
    const text = truncateJson(JSON.stringify({ rows: Array.from({ length: 500 }, (_, index) => ({ index })) }), 300);
    const value = JSON.parse(text) as { rows: unknown[] };
    expect(text.length).toBeLessThanOrEqual(300);
    expect(value.rows.at(-1)).toMatch(/^\[… \d+ more items\]$/);
    expect(value.rows[0]).toEqual({ index: 0 });
  });

  it('summarises deep objects and objects with many keys', () => {
    let deep: unknown = 'bottom';
    for (let level = 0; level < 40; level++) deep = { level, child: deep, pad: 'p'.repeat(20) };
    const text = truncateJson(JSON.stringify(deep), 400);
    expect(text.length).toBeLessThanOrEqual(400);
    expect(text).toMatch(/\[object with \d+ keys\]/);
    const wide = Object.fromEntries(Array.from({ length: 300 }, (_, index) => [`key${index}`, index]));
    const cut = JSON.parse(truncateJson(JSON.stringify(wide), 200)) as Record<string, unknown>;
    expect(cut['…']).toMatch(/^\d+ more keys$/);
  });

  it('always returns valid JSON no longer than the limit (down to a small limit)', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 60, max: 400 }), (value, limit) => {
        const text = truncateJson(JSON.stringify(value), limit);
        expect(() => JSON.parse(text)).not.toThrow();
        expect(text.length).toBeLessThanOrEqual(limit);
      }),
      { numRuns: 300 },
    );
  });
});
