import { readFileSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { embeddedContentDirectory, type Content } from '../content/index.js';
import { createDocsSearch, type DocsSearch } from '../search/index.js';
import { createCrossSearch } from './cross-search.js';
import type { Catalog, Library, LibraryVersion, ServiceState } from './types.js';
import { toLibraryId } from './sources.js';
import { sortVersionsNewestFirst } from './versions.js';

export type { Catalog, Library, LibraryVersion, ServiceState } from './types.js';

/** One library's versions as loaded, before they are ordered. */
export interface LoadedLibrary {
  readonly id: string;
  readonly title?: string;
  readonly summary?: string;
  readonly aliases?: readonly string[];
  readonly versions: readonly { readonly version: string; readonly content: Content; readonly source: string }[];
}

/**
 * A state whose search index is built when first asked for: a service with many versions starts
 * without indexing the ones nobody reads.
 */
export function serviceState(content: Content, options: { readonly eager?: boolean } = {}): ServiceState {
  let search: DocsSearch | undefined = options.eager ? createDocsSearch(content) : undefined;
  return {
    content,
    get search() {
      search ??= createDocsSearch(content);
      return search;
    },
    documents: new Map(content.documents.map((document) => [document.slug, document])),
  };
}

/**
 * The catalog of loaded libraries: versions ordered newest first, the default library's latest
 * version indexed at once, and the cross-library index over every library's latest version.
 */
export function assembleCatalog(loaded: readonly LoadedLibrary[], defaultId: string): Catalog {
  const libraries = loaded.map((entry): Library => {
    const order = sortVersionsNewestFirst(entry.versions.map((version) => version.version));
    const isDefault = entry.id === defaultId;
    const versions = order.map((label, position): LibraryVersion => {
      const found = entry.versions.find((version) => version.version === label)!;
      const eager = isDefault && position === 0;
      return {
        library: entry.id,
        version: label,
        state: serviceState(found.content, { eager }),
        base: eager ? '' : `/libraries/${entry.id}/${encodeURIComponent(label)}`,
        source: found.source,
      };
    });
    const latest = versions[0]!;
    const site = latest.state.content.site;
    const siteTitle = isMadeUpTitle(site.title, latest.state.content.directory) ? undefined : site.title;
    const title = entry.title ?? siteTitle ?? entry.id;
    return {
      id: entry.id,
      title,
      summary: entry.summary ?? (siteTitle === undefined ? `Documentation of ${title}.` : site.summary),
      aliases: entry.aliases ?? [],
      names: [entry.id, ...(entry.aliases ?? []), ...(entry.title ? [entry.title] : [])],
      versions,
      latest,
      isDefault,
    };
  });
  const byId = new Map(libraries.map((library) => [library.id, library]));
  const defaultLibrary = byId.get(defaultId);
  if (!defaultLibrary) throw new TypeError(`kit docs: the default library "${defaultId}" is not among the libraries loaded`);
  return { libraries, byId, defaultLibrary, crossSearch: createCrossSearch(libraries) };
}

/**
 * True for a title a folder without settings got from its own name or its parents' (`Src`, `11`,
 * `Docs`), from a file name (`Index`), or from a template the loader cannot fill (`Vite${suffix}`):
 * the library's id says more.
 */
function isMadeUpTitle(title: string, directory: string): boolean {
  if (title.includes('${') || title.includes('{{')) return true;
  const letters = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  const wanted = letters(title);
  const segments = resolve(directory).split(/[\\/]/).slice(-3);
  // A page without a heading is titled after its file: `index.md` and `README.md` say nothing of the library.
  const fileNames = ['index', 'readme', 'home', 'docs', 'documentation', 'introduction'];
  return wanted === '' || /^\d/.test(wanted) || fileNames.includes(wanted) || segments.some((segment) => letters(segment) === wanted);
}

/** The catalog of a single content folder: the way the service ran before it served several libraries. */
export function singleLibraryCatalog(content: Content, id?: string, version?: string): Catalog {
  const defaults = defaultLibraryOf(content.directory);
  const libraryId = id ?? defaults.id;
  return assembleCatalog(
    [{ id: libraryId, versions: [{ version: version ?? defaults.version, content, source: content.directory }] }],
    libraryId,
  );
}

/** Version label of the embedded corpus: the version of kit it documents, the package's own. */
export const embeddedCorpusVersion: string = (
  JSON.parse(readFileSync(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8')) as { version: string }
).version;

/**
 * The id and version a folder served as the default library gets when nothing names them: `kit` at
 * the package's version for the embedded corpus; otherwise the folder's name (its parent's for a
 * folder called `docs`), made an id, at version `latest`.
 *
 * @example
 * ```ts
 * import { defaultLibraryOf } from '@kit/docs';
 *
 * console.log(defaultLibraryOf('/src/hono-website/docs')); // { id: 'hono-website', version: 'latest' }
 * ```
 */
export function defaultLibraryOf(directory: string): { readonly id: string; readonly version: string } {
  const folder = resolve(directory);
  if (folder === resolve(embeddedContentDirectory)) return { id: 'kit', version: embeddedCorpusVersion };
  const name = /^(?:docs?|documentation|content|src)$/i.test(basename(folder)) ? basename(dirname(folder)) : basename(folder);
  return { id: toLibraryId(name) || 'docs', version: 'latest' };
}
