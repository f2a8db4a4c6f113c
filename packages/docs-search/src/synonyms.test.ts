import { describe, expect, it } from 'vitest';
import { compileSynonyms, findSynonyms } from './synonyms.js';

describe('compileSynonyms', () => {
  it('analyses members like queries: stems, and no function words in phrases', () => {
    const table = compileSynonyms([['throttle', 'rate limiting'], ['human in the loop', 'approval']]);
    expect(table.groups).toEqual([[['throttl'], ['rate', 'limit']], [['human', 'loop'], ['approv']]]);
  });

  it('skips groups left with fewer than two distinct members', () => {
    expect(compileSynonyms([['limit', 'limits']]).groups).toEqual([]);
  });

  it('names the fix when a group is malformed', () => {
    expect(() => compileSynonyms(['auth' as unknown as string[]])).toThrow(/docs-search: synonym group "auth" is not a list/u);
  });
});

describe('findSynonyms', () => {
  it('matches the longest member at each position, without overlaps', () => {
    const table = compileSynonyms([['throttle', 'rate limit'], ['rate', 'speed']]);
    expect(findSynonyms(table, ['rate', 'limit', 'request'])).toEqual([{ start: 0, length: 2, group: 0 }]);
    expect(findSynonyms(table, ['rate', 'request'])).toEqual([{ start: 0, length: 1, group: 1 }]);
  });
});
