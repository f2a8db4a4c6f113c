/**
 * A catalog at the size the benchmark measures, from generated folders: 20 libraries of 3 versions
 * each beside the kit corpus. Every version answers for itself, a question naming any library lists
 * that library first, and a library's own words find it across all of them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateLibraries, type GeneratedLibrary } from '../../../../bench/libraries/generate.js';
import { embeddedContentDirectory, loadContent } from '../../src/content/index.js';
import type { Catalog } from '../../src/library/catalog.js';
import { loadCatalog } from '../../src/library/load-catalog.js';
import { combineSources, parseContentFlag } from '../../src/library/sources.js';

let root: string;
let generated: GeneratedLibrary[];
let catalog: Catalog;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'kit-docs-scale-'));
  generated = generateLibraries(root, { libraries: 20, versions: 3, pages: 2, sectionsPerPage: 3 });
  const flags = generated.flatMap((library) =>
    library.versions.map((version) => parseContentFlag(`${library.id}@${version.version}=${version.directory}`)),
  );
  const source = combineSources({ defaultDirectory: embeddedContentDirectory, defaultId: 'kit', defaultVersion: '0.1.0', flags });
  catalog = await loadCatalog(source, (directory) => loadContent(directory), { gitCacheDirectory: join(root, 'cache') });
}, 120_000);
afterAll(() => rm(root, { recursive: true, force: true }));

describe('20 libraries × 3 versions', () => {
  it('are all served, newest first, the kit corpus still the default', () => {
    expect(catalog.libraries).toHaveLength(21);
    expect(catalog.defaultLibrary.id).toBe('kit');
    for (const library of generated)
      expect(catalog.byId.get(library.id)!.versions.map((version) => version.version)).toEqual(['3.0.0', '2.0.0', '1.0.0']);
  });

  it('find a library by its own words across all of them, and list it first when a question names it', () => {
    for (const library of generated) {
      const [own] = catalog.crossSearch.search(library.vocabulary[0]!, { limit: 3 });
      expect(own?.library.id, library.id).toBe(library.id);
      const named = catalog.crossSearch.search(`${library.id} middleware timeout`, { limit: 5 });
      expect(named[0]?.library.id, library.id).toBe(library.id);
    }
  });

  it('search each pinned version within itself', () => {
    const library = catalog.byId.get(generated[7]!.id)!;
    for (const version of library.versions) {
      const results = version.state.search.search(generated[7]!.vocabulary[1]!, { limit: 5 });
      expect(results.length, version.version).toBeGreaterThan(0);
      expect(results.every((result) => version.state.content.sections.includes(result.section))).toBe(true);
    }
  });
});
