import type { Catalog } from '../library/catalog.js';
import { defaultLibraryOf } from '../library/catalog.js';
import { loadCatalog } from '../library/load-catalog.js';
import { combineSources, parseContentFlag, readLibrarySettings, type CatalogSource } from '../library/sources.js';
import { loadContentWithSnapshot, trustedCacheDirectory } from './content-snapshot.js';

/** The libraries a server is told to serve, beside its content folder. */
export interface LibraryOptions {
  /** `--content name[@version]=DIR` values. */
  readonly contents?: readonly string[];
  /** A libraries settings file (YAML or JSON), read again at each reload. */
  readonly settingsFile?: string;
}

/** A loaded catalog and the folders and files whose changes should reload it. */
export interface LoadedCatalog {
  readonly catalog: Catalog;
  readonly watched: readonly string[];
}

/**
 * Loads the catalog the command line describes; called at start and again at every reload, so a
 * changed settings file, folder or git ref is read anew. Folders go through the snapshot loader.
 */
export function catalogLoader(contentDirectory: string, libraries: LibraryOptions = {}): () => Promise<LoadedCatalog> {
  return async () => {
    const defaults = defaultLibraryOf(contentDirectory);
    const settings = libraries.settingsFile ? await readLibrarySettings(libraries.settingsFile) : undefined;
    const source: CatalogSource = combineSources({
      defaultDirectory: contentDirectory,
      defaultId: defaults.id,
      defaultVersion: defaults.version,
      flags: (libraries.contents ?? []).map(parseContentFlag),
      ...(settings ? { settings } : {}),
      ...(libraries.settingsFile ? { settingsFile: libraries.settingsFile } : {}),
    });
    const usesGit = source.libraries.some((library) => library.versions.some((version) => 'git' in version));
    const catalog = await loadCatalog(source, loadContentWithSnapshot, { gitCacheDirectory: usesGit ? await trustedCacheDirectory() : '' });
    const folders = source.libraries.flatMap((library) =>
      library.versions.flatMap((version) => ('directory' in version ? [version.directory] : [])),
    );
    return { catalog, watched: [...new Set([...folders, ...(libraries.settingsFile ? [libraries.settingsFile] : [])])] };
  };
}
