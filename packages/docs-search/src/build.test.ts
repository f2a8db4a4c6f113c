import { describe, expect, it } from 'vitest';
import { buildIndexData, isCallHeading, leadOf } from './build.js';
import type { SearchableSection } from './types.js';

const sections: SearchableSection[] = [
  {
    id: 'a',
    documentTitle: 'Agents',
    heading: 'createSmartAgent',
    text: 'Call createSmartAgent to build an agent.',
    code: 'createSmartAgent',
    topics: ['ai'],
  },
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

  it("takes the lead after an option's Default and Type lines, which say nothing of what it is for", () => {
    const option = (text: string): SearchableSection => ({
      id: 'o',
      documentTitle: 'Settings',
      heading: 'engineStrict',
      text,
      code: '',
      topics: [],
    });
    expect(
      leadOf(
        option(
          'Default: false\nType: Boolean\nAdded in: v9.0.0\nIf this is enabled, no package that claims another Node version is installed. More.',
        ),
      ),
    ).toBe('If this is enabled, no package that claims another Node version is installed.');
    expect(leadOf(option('Defaults are read first. Then the file.'))).toBe('Defaults are read first.');
  });

  it('tells a heading that names one function from any other', () => {
    expect(['redirect()', 'c.req.param()', '`useRouter()`', ' header() '].map(isCallHeading)).toEqual([true, true, true, true]);
    expect(['Custom Response', 'redirect() and rewrite()', 'query(key)', 'storeDir', '()'].map(isCallHeading)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
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

describe('leadOf', () => {
  const section = (text: string, code = ''): SearchableSection => ({ id: 'x', documentTitle: 'D', heading: 'H', text, code, topics: [] });

  it('is the first sentence of prose, skipping lines that are code', () => {
    expect(leadOf(section('Get querystring parameters. Then more.'))).toBe('Get querystring parameters.');
    expect(leadOf(section("import { x } from 'y'\nShows all packages that depend on it.", "import { x } from 'y'"))).toBe(
      'Shows all packages that depend on it.',
    );
  });

  it('is cut at 30 words and empty when the section starts with a long code block', () => {
    expect(leadOf(section(Array.from({ length: 40 }, (_, index) => `w${index}`).join(' ')))).toBe(
      Array.from({ length: 30 }, (_, index) => `w${index}`).join(' '),
    );
    expect(leadOf(section('a()\nb()\nc()\nProse comes late.', 'a() b() c()'))).toBe('');
  });
});

describe('heading words that name a section', () => {
  it('leaves out function words and the Overview of an introduction', () => {
    const data = buildIndexData([
      { id: 'a', documentTitle: 'Clients', heading: 'Why use a Client?', text: 't', code: '', topics: [] },
      { id: 'b', documentTitle: 'Clients', heading: 'Overview', text: 't', code: '', topics: [] },
    ]);
    expect(data.headingNaming[0]).toEqual([false, true, false, true]);
    expect(data.headingNaming[1]).toEqual([true, false]);
  });
});
