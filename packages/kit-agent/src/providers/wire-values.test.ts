import { describe, expect, it } from 'vitest';
import { excerpt, isRecord, numberOf, stringOf } from './wire-values.js';

describe('wire values', () => {
  it('accept only the expected JSON types', () => {
    expect([isRecord({}), isRecord([]), isRecord(null), isRecord('x')]).toEqual([true, false, false, false]);
    expect([stringOf('a'), stringOf(1)]).toEqual(['a', undefined]);
    expect([numberOf(2), numberOf(Number.NaN), numberOf('2')]).toEqual([2, undefined, undefined]);
  });

  it('shorten quoted text to one line of at most the limit', () => {
    expect(excerpt('a\n  b\tc')).toBe('a b c');
    expect(excerpt('x'.repeat(300))).toBe(`${'x'.repeat(200)}…`);
    expect(excerpt('abcdef', 3)).toBe('abc…');
  });
});
