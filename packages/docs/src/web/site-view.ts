import type { Content } from '../content/index.js';
import type { Catalog, Library, LibraryVersion } from '../library/catalog.js';
import type { AssetSet } from './assets.js';

/**
 * One library version as the website shows it: the pages of every version are rendered by the same
 * code, and everything that differs between them (where their links lead, what the header calls
 * them, what instant search asks for) is read from here.
 */
export interface SiteView {
  /** The catalog the version belongs to, for the switcher and the list of libraries. */
  readonly catalog: Catalog;
  readonly library: Library;
  readonly version: LibraryVersion;
  readonly assets: AssetSet;
}

/** The view of `version` of a library of `catalog`. */
export function siteView(catalog: Catalog, version: LibraryVersion, assets: AssetSet): SiteView {
  const library = catalog.byId.get(version.library) ?? catalog.defaultLibrary;
  return { catalog, library, version, assets };
}

/** The content the view shows. */
export function contentOf(view: Pick<SiteView, 'version'>): Content {
  return view.version.state.content;
}

/** True for the default library's latest version, whose pages keep the urls of a single-library site. */
export function isRootView(view: Pick<SiteView, 'version'>): boolean {
  return view.version.base === '';
}

/**
 * A site path (`/docs/routing`, `/search`, `/`) of this view's version: as it is for the default
 * library's latest version, else under `/libraries/{id}/{version}`.
 */
export function linkIn(view: Pick<SiteView, 'version'>, path: string): string {
  return `${view.version.base}${path}`;
}

/**
 * What the header and the page titles call the site: the site title for the default library's latest
 * version, as before; the library's title and version label for any other (`Hono 3`), so a tab or a
 * bookmark says which version it shows. A folder served without a label (`latest`) shows no label.
 */
export function siteTitleOf(view: Pick<SiteView, 'library' | 'version'>): string {
  if (isRootView(view)) return contentOf(view).site.title;
  return view.version.version === 'latest' ? view.library.title : `${view.library.title} ${view.version.version}`;
}

/** True when the service has more than one library or version to choose from, and pages show the switcher. */
export function offersChoice(catalog: Catalog): boolean {
  return catalog.libraries.length > 1 || catalog.libraries.some((library) => library.versions.length > 1);
}

/** The libraries of a catalog in the order pages list them: the default first, then the others as configured. */
export function librariesInOrder(catalog: Catalog): Library[] {
  return [catalog.defaultLibrary, ...catalog.libraries.filter((library) => library !== catalog.defaultLibrary)];
}
