import { describe, expect, it } from 'vitest';
import { createSearchIndex } from './index.js';

const filler = (word: string, count: number) => Array.from({ length: count }, (_, index) => `${word}${index}`).join(' ');

describe('snippets', () => {
  const text = `${filler('alpha', 60)} The maxIterations option caps the loop and its default is 10. ${filler('omega', 60)}`;
  const index = createSearchIndex([{ id: 's', documentTitle: 'D', heading: 'Limits', text, code: '', topics: [] }]);
  const [hit] = index.search('maxIterations default', { limit: 1 });

  it('is at most 300 characters, ellipses included', () => {
    expect(hit!.snippet.length).toBeLessThanOrEqual(300);
  });

  it('is centred on the densest run of query terms, so the answer shows', () => {
    expect(hit!.snippet).toContain('The maxIterations option caps the loop and its default is 10.');
  });

  it('marks both cuts with an ellipsis and cuts only at word boundaries', () => {
    expect(hit!.snippet.startsWith('…')).toBe(true);
    expect(hit!.snippet.endsWith('…')).toBe(true);
    const inner = hit!.snippet.slice(1, -1);
    for (const word of inner.split(' ')) expect(text.split(' ')).toContain(word);
  });

  it('returns short texts whole', () => {
    const short = createSearchIndex([
      { id: 's', documentTitle: 'D', heading: 'H', text: 'Short text about agents.', code: '', topics: [] },
    ]);
    expect(short.search('agents', { limit: 1 })[0]?.snippet).toBe('Short text about agents.');
  });

  it('starts at the beginning when only the heading matched', () => {
    const headingOnly = createSearchIndex([
      { id: 's', documentTitle: 'D', heading: 'Budgets', text: filler('word', 80), code: '', topics: [] },
    ]);
    const snippet = headingOnly.search('budgets', { limit: 1 })[0]!.snippet;
    expect(snippet.startsWith('word0 word1')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet.length).toBeLessThanOrEqual(300);
  });

  it('prefers a window with more different query words over one repeating a single word', () => {
    const mixed = `${'agent '.repeat(30)}${filler('pad', 40)} agent timeout here ${filler('tail', 40)}`;
    const engine = createSearchIndex([{ id: 's', documentTitle: 'D', heading: 'H', text: mixed, code: '', topics: [] }]);
    expect(engine.search('agent timeout', { limit: 1 })[0]?.snippet).toContain('agent timeout here');
  });
});
