import { ContentError, type Content, type ContentProblem } from '../content/index.js';
import { assembleCatalog, type Catalog, type LoadedLibrary } from './catalog.js';
import { gitFolder } from './git-folder.js';
import { describedBy, type CatalogSource, type VersionSource } from './sources.js';

/** How a folder becomes content: `loadContent`, or the snapshot-keeping loader the server uses. */
export type FolderLoader = (directory: string) => Promise<Content>;

/**
 * Loads every version of every library and assembles the catalog. All versions are loaded before
 * anything is reported, so one run lists the problems of every folder; any error refuses the whole
 * catalog (a reload then keeps the previous one serving); when there are several versions, each
 * problem's message is prefixed by the library and version it belongs to.
 *
 * @example
 * ```ts
 * import { combineSources, embeddedContentDirectory, loadCatalog, loadContent } from '@kit/docs';
 *
 * const source = combineSources({ defaultDirectory: embeddedContentDirectory, defaultId: 'kit', defaultVersion: '0.1.0', flags: [] });
 * const catalog = await loadCatalog(source, loadContent, { gitCacheDirectory: '/tmp/kit-docs-git' });
 * console.log(catalog.libraries.map((library) => library.id)); // ['kit']
 * ```
 */
export async function loadCatalog(
  source: CatalogSource,
  load: FolderLoader,
  options: { readonly gitCacheDirectory: string },
): Promise<Catalog> {
  const problems: ContentProblem[] = [];
  const warnings: ContentProblem[] = [];
  const loaded: LoadedLibrary[] = [];
  // With one folder the file path says it all; with several, each problem says which version it is in.
  const several = source.libraries.reduce((sum, library) => sum + library.versions.length, 0) > 1;
  for (const library of source.libraries) {
    const versions: { version: string; content: Content; source: string }[] = [];
    for (const version of library.versions) {
      const label = `${library.id}@${version.version}`;
      try {
        const { directory, origin } = await folderOf(version, options.gitCacheDirectory, library.id, label);
        versions.push({ version: version.version, content: await load(directory), source: origin });
      } catch (error) {
        if (!(error instanceof ContentError)) throw error;
        problems.push(
          ...(several ? error.problems.map((problem) => ({ ...problem, message: `${label}: ${problem.message}` })) : error.problems),
        );
        warnings.push(...error.warnings);
      }
    }
    loaded.push({
      id: library.id,
      versions,
      ...describedBy(library),
    });
  }
  if (problems.length > 0) throw new ContentError(problems, warnings);
  return assembleCatalog(loaded, source.defaultLibrary);
}

async function folderOf(
  version: VersionSource,
  cacheDirectory: string,
  library: string,
  label: string,
): Promise<{ directory: string; origin: string }> {
  if ('directory' in version) return { directory: version.directory, origin: version.directory };
  const { directory, commit } = await gitFolder(version.git, cacheDirectory, library, { label, ...version.place });
  return { directory, origin: `git:${version.git.repository}#${version.git.ref}(${commit.slice(0, 12)}):${version.git.path}` };
}
