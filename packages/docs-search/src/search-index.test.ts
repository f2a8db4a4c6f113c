import { describe, expect, it } from 'vitest';
import { createSearchIndex } from './index.js';
import type { SearchableSection } from './index.js';

function section(id: string, heading: string, text: string, extra: Partial<SearchableSection> = {}): SearchableSection {
  return { id, documentTitle: 'Doc', heading, text, code: '', topics: [], ...extra };
}

const corpus: SearchableSection[] = [
  section('loop', 'maxIterations', 'maxIterations caps the loop. The default is 10.', {
    code: 'maxIterations',
    topics: ['ai', 'agent-loop'],
  }),
  section('create', 'createSmartAgent(config)', 'createSmartAgent returns a SmartAgent with tool validation.', {
    code: 'createSmartAgent',
    topics: ['ai'],
  }),
  section('sessions', 'Sessions', 'signSession creates a signed JWT. Rate limits apply per auth type.', {
    code: 'signSession',
    topics: ['auth', 'jwt'],
  }),
  section('migrate', 'kit db:migrate', 'kit db:migrate generates a migration from model changes.', {
    code: 'kit db:migrate',
    topics: ['deployment', 'cli'],
  }),
];

describe('createSearchIndex', () => {
  const index = createSearchIndex(corpus, {
    synonyms: [
      ['throttle', 'rate limit'],
      ['db', 'database'],
    ],
  });

  it('reports its size', () => {
    expect(index.size).toBe(4);
  });

  it('ranks the section named by the query first', () => {
    expect(index.search('maxIterations default', { limit: 3 })[0]?.id).toBe('loop');
    expect(index.search('db:migrate', { limit: 3 })[0]?.id).toBe('migrate');
  });

  it('keeps only sections of the topic', () => {
    const hits = index.search('signed', { limit: 5, topic: 'AI' });
    expect(hits.every((hit) => ['loop', 'create'].includes(hit.id))).toBe(true);
  });

  it('returns nothing for an empty query', () => {
    expect(index.search('   ', { limit: 3 })).toEqual([]);
  });

  it('rejects a limit below 1 with a message that names the fix', () => {
    expect(() => index.search('agent', { limit: 0 })).toThrow(/limit must be an integer of at least 1/u);
  });

  it('rejects duplicate section ids', () => {
    expect(() => createSearchIndex([corpus[0]!, corpus[0]!])).toThrow(/appears twice/u);
  });

  it('gives identical results for identical queries', () => {
    expect(index.search('smart agent', { limit: 4 })).toEqual(index.search('smart agent', { limit: 4 }));
  });
});
