import { describe, expect, it } from 'vitest';
import { buildIndexData } from './build.js';
import type { SearchableSection } from './types.js';

const sections: SearchableSection[] = [
  { id: 'a', documentTitle: 'Agents', heading: 'createSmartAgent', text: 'Call createSmartAgent to build an agent.', code: 'createSmartAgent', topics: ['ai'] },
  { id: 'b', documentTitle: 'Agents', heading: 'Limits', text: 'The loop stops after ten iterations.', code: '', topics: ['ai'] },
];

describe('buildIndexData', () => {
  const data = buildIndexData(sections);
  const termId = (term: string) => data.vocabulary.termId(term)!;

  it('keeps postings in section order with strengths between 0 and 1', () => {
    const posting = data.postings[termId('agent')]!;
    expect(Array.from(posting.docs)).toEqual([0, 1]);
    for (const strength of posting.strength) {
      expect(strength).toBeGreaterThan(0);
      expect(strength).toBeLessThan(1);
    }
  });

  it('weighs a term in the heading and code above the same term in the body only', () => {
    const agent = data.postings[termId('agent')]!;
    expect(agent.strength[0]!).toBeGreaterThan(agent.strength[1]!);
  });

  it('gives rarer terms a higher idf', () => {
    expect(data.idf[termId('loop')]!).toBeGreaterThan(data.idf[termId('agent')]!);
  });

  it('stores the words of an identifier at consecutive text positions, the whole at the first', () => {
    const positions = (term: string) => Array.from(data.postings[termId(term)]!.positions);
    const [create] = positions('creat');
    expect(positions('smart')[0]).toBe(create! + 1);
    expect(positions('createsmartagent')[0]).toBe(create);
  });

  it('records heading terms by position, and the singular of each heading word', () => {
    expect(data.headingTerms[0]![0]).toEqual(expect.arrayContaining([termId('creat'), termId('createsmartagent')]));
    expect(data.headingForms[1]).toEqual(['limit']);
    expect(data.headingLength[0]).toBe(3);
  });

  it('keeps the normalised text with token offsets for snippets', () => {
    const text = data.texts[1]!;
    expect(text.text).toBe('The loop stops after ten iterations.');
    expect(text.text.slice(text.bounds[2]!, text.bounds[3]!)).toBe('loop');
  });

  it('records written forms for completion and correction', () => {
    expect(data.vocabulary.termsOfSurface('iterations')).toEqual([termId('iter')]);
  });
});
