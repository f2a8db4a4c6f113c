import { describe, expect, it } from 'vitest';
import { andList, editDistance, orList, suggestions } from './suggest.js';

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and transpositions as one edit each', () => {
    expect(editDistance('migrate', 'migrate')).toBe(0);
    expect(editDistance('migrat', 'migrate')).toBe(1);
    expect(editDistance('mirgate', 'migrate')).toBe(1);
    expect(editDistance('nigrate', 'migrate')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });
});

describe('suggestions', () => {
  const commands = ['dev', 'build', 'start', 'mcp', 'verify', 'db:migrate', 'db:push', 'db:status', 'add', 'deploy:init'];

  it('suggests close names, closest first', () => {
    expect(suggestions('db:migrat', commands)).toEqual(['db:migrate']);
    expect(suggestions('verfy', commands)).toEqual(['verify']);
    expect(suggestions('biuld', commands)).toEqual(['build']);
  });

  it('suggests every command a prefix starts', () => {
    expect(suggestions('db', commands)).toEqual(['db:push', 'db:status', 'db:migrate']);
  });

  it('suggests nothing for a word far from every name', () => {
    expect(suggestions('frobnicate', commands)).toEqual([]);
  });
});

describe('lists', () => {
  it('joins words for sentences', () => {
    expect(orList([])).toBe('');
    expect(orList(['a'])).toBe('a');
    expect(orList(['a', 'b'])).toBe('a or b');
    expect(orList(['a', 'b', 'c'])).toBe('a, b or c');
    expect(andList(['a', 'b', 'c'])).toBe('a, b and c');
  });
});
