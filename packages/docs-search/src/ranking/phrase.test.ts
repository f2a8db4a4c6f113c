import { describe, expect, it } from 'vitest';
import { buildIndexData } from '../build.js';
import { parseQuery } from '../query/parse.js';
import { compileSynonyms } from '../synonyms.js';
import { phraseFilter } from './phrase.js';
import { planQuery } from './plan.js';

const data = buildIndexData([
  { id: 'text', documentTitle: 'D', heading: 'One', text: 'Every smart agent runs.', code: '', topics: [] },
  { id: 'apart', documentTitle: 'D', heading: 'Two', text: 'A smart router and an agent.', code: '', topics: [] },
  { id: 'heading', documentTitle: 'D', heading: 'Smart agent loop', text: 'Text.', code: '', topics: [] },
  { id: 'identifier', documentTitle: 'D', heading: 'Three', text: 'Call createSmartAgent.', code: '', topics: [] },
]);
const filter = (query: string) => phraseFilter(data, planQuery(parseQuery(query), data.vocabulary, data.idf, compileSynonyms([])));

describe('phraseFilter', () => {
  it('keeps sections with the words in a row, in the text, the heading or inside an identifier', () => {
    expect(filter('"smart agent"')).toEqual(new Set([0, 2, 3]));
  });

  it('does not filter without phrases, or when no section holds them', () => {
    expect(filter('smart agent')).toBeUndefined();
    expect(filter('"agent smart"')).toBeUndefined();
    expect(filter('"smart nothing"')).toBeUndefined();
  });
});
