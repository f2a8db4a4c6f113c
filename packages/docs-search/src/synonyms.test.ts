import { describe, expect, it } from 'vitest';
import { compileSynonyms, findSynonyms } from './synonyms.js';

describe('compileSynonyms', () => {
  it('analyses members like queries: stems, and no function words in phrases', () => {
    const table = compileSynonyms([
      ['throttle', 'rate limiting'],
      ['human in the loop', 'approval'],
    ]);
    expect(table.groups).toEqual([
      [['throttl'], ['rate', 'limit']],
      [['human', 'loop'], ['approv']],
    ]);
  });

  it('keeps the function words of a member that would otherwise shrink to one word', () => {
    const table = compileSynonyms([['auth', 'sign in']]);
    expect(table.groups).toEqual([[['auth'], ['sign', 'in']]]);
    expect(findSynonyms(table, ['sign'])).toEqual([]);
    expect(findSynonyms(table, ['sign', 'in'])).toEqual([{ start: 0, length: 2, group: 0 }]);
  });

  it('matches members with their function words, as queries keep them until then', () => {
    const table = compileSynonyms([['human in the loop', 'approval']]);
    expect(findSynonyms(table, ['human', 'in', 'the', 'loop'])).toEqual([{ start: 0, length: 4, group: 0 }]);
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
    const table = compileSynonyms([
      ['throttle', 'rate limit'],
      ['rate', 'speed'],
    ]);
    expect(findSynonyms(table, ['rate', 'limit', 'request'])).toEqual([{ start: 0, length: 2, group: 0 }]);
    expect(findSynonyms(table, ['rate', 'request'])).toEqual([{ start: 0, length: 1, group: 1 }]);
  });
});
