import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContent, type Content } from '../../src/content/index.js';
import { createDocsSearch, type DocsSearch } from '../../src/search/index.js';
import { referenceNames } from './reference-data.js';
import { repositoryRoot, sectionDocuments, type ReferenceName } from './reference-names.js';

/** How many results a reader looks at: a name counts as findable when one of these documents it. */
const TOP = 3;

const contentDir = resolve(repositoryRoot, 'packages/docs/content');

let search: DocsSearch;

beforeAll(async () => {
  const content: Content = await loadContent(contentDir);
  search = createDocsSearch(content);
});

function findable(entry: ReferenceName): { ok: boolean; got: string[] } {
  const results = search.search(entry.name, { limit: TOP });
  const ok = results.some(({ section }) => sectionDocuments(`${section.heading}\n${section.text}`, entry));
  return { ok, got: results.map(({ section }) => section.url) };
}

describe('every reference name through the search interface', () => {
  it(`finds a section documenting each name among the first ${TOP} results`, () => {
    const names = referenceNames();
    const unfound = names.flatMap((entry) => {
      const { ok, got } = findable(entry);
      if (ok) return [];
      const what = entry.kind === 'default' ? `${entry.name} (default ${entry.value})` : entry.name;
      return [`${what} [${entry.kind}] -> ${got.length === 0 ? 'no results' : got.join(', ')}`];
    });
    expect(unfound, `${unfound.length} of ${names.length} reference names are not found in the first ${TOP} results`).toEqual([]);
  });
});
