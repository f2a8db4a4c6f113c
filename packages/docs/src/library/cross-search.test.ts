import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../content/index.js';
import { assembleCatalog, type Catalog } from './catalog.js';

let root: string;
let catalog: Catalog;

/** A folder named `name/<version>/docs`, whose one page has a title only when `title` is given. */
async function folder(name: string, version: string, title: string | undefined, sections: Record<string, string>): Promise<string> {
  const directory = join(root, name, version, 'docs');
  await mkdir(directory, { recursive: true });
  const body = Object.entries(sections).map(([heading, text]) => `## ${heading}\n\n${text}\n`);
  await writeFile(join(directory, 'index.md'), [title ? `# ${title}\n` : '', 'The guide.\n', ...body].join('\n'));
  return directory;
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'kit-docs-cross-'));
  const library = async (id: string, version: string, title: string | undefined, sections: Record<string, string>, extra = {}) => ({
    id,
    ...extra,
    versions: [{ version, content: await loadContent(await folder(id, version, title, sections)), source: id }],
  });
  catalog = assembleCatalog(
    [
      await library('vue', '3', 'Vue', { 'Navigation guards': 'Vue itself has no navigation guards; watch the route.' }),
      await library('vue-router', '4', undefined, { 'Navigation guards': 'beforeEach registers a global navigation guard.' }),
      await library('jest', '30', undefined, { 'Retry flaky tests': 'jest.retryTimes retries a failing test 0 or more times.' }),
      await library('retry', '1', 'Retry', { Backoff: 'retry waits longer after each failed attempt.' }, { aliases: ['@acme/retry'] }),
    ],
    'vue',
  );
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('library names', () => {
  it('never takes a title made up from a folder name as a name', () => {
    expect(catalog.byId.get('jest')!.title).toBe('jest');
    expect(catalog.byId.get('jest')!.names).toEqual(['jest']);
    expect(catalog.crossSearch.namedLibraries('retry 0 times').map((library) => library.id)).toEqual(['retry']);
  });

  it('matches the longest name first, hyphenated ids as words', () => {
    expect(catalog.crossSearch.namedLibraries('vue router navigation guards').map((library) => library.id)).toEqual(['vue-router']);
    expect(catalog.crossSearch.namedLibraries('vue navigation guards').map((library) => library.id)).toEqual(['vue']);
    expect(catalog.crossSearch.namedLibraries("vue-router's beforeEach").map((library) => library.id)).toEqual(['vue-router']);
    expect(catalog.crossSearch.namedLibraries('@acme/retry backoff').map((library) => library.id)).toEqual(['retry']);
  });

  it('lists the named library first, ranked by the rest of the question', () => {
    const results = catalog.crossSearch.search('vue router navigation guards', { limit: 3 });
    expect(results[0]).toMatchObject({ library: { id: 'vue-router' }, section: { heading: 'Navigation guards' } });
    expect(results.map((result) => result.library.id)).toContain('vue');
  });
});
