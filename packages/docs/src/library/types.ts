import type { Content, Document, Section } from '../content/index.js';
import type { DocsSearch } from '../search/index.js';

/** Everything a request needs, derived once from one content version. */
export interface ServiceState {
  readonly content: Content;
  /** Built on first use for versions other than the default library's latest, which is built at once. */
  readonly search: DocsSearch;
  /** Documents by slug. */
  readonly documents: ReadonlyMap<string, Document>;
}

/** One version of a library, loaded and ready to serve. */
export interface LibraryVersion {
  readonly library: string;
  /** The label as configured: `4.6.0`, `3`, `next`. */
  readonly version: string;
  readonly state: ServiceState;
  /**
   * Path prefix of its pages and documents: empty for the default library's latest version (which
   * keeps `/docs/{slug}`), else `/libraries/{id}/{version}`.
   */
  readonly base: string;
  /** Where it was read from: a folder, or `git:{repository}#{ref}:{path}`. */
  readonly source: string;
}

/** A library: its versions, newest first. */
export interface Library {
  /** Lower-case id used in requests: `kit`, `hono`, `zod-validator`. */
  readonly id: string;
  readonly title: string;
  readonly summary: string;
  /** Other names it answers to: package names, former names. */
  readonly aliases: readonly string[];
  /**
   * The names a question may call it by: its id, its aliases and a configured title, never a title
   * the loader made up from a folder name (`Src`, `11`), which would hijack ordinary words.
   */
  readonly names: readonly string[];
  readonly versions: readonly LibraryVersion[];
  readonly latest: LibraryVersion;
  readonly isDefault: boolean;
}

/** Every library the service serves; one is the default, answered when a request names none. */
export interface Catalog {
  readonly libraries: readonly Library[];
  readonly byId: ReadonlyMap<string, Library>;
  readonly defaultLibrary: Library;
  /** Search over the latest version of every library at once (`library=*`). */
  readonly crossSearch: CrossSearch;
}

/** One ranked section of some library. */
export interface CrossSearchResult {
  readonly library: Library;
  readonly version: LibraryVersion;
  readonly section: Section;
  readonly score: number;
  readonly snippet: string;
}

/** Search across the latest version of every library. */
export interface CrossSearch {
  /**
   * Ranked sections of all libraries. A query that names libraries (`hono cors middleware`) lists
   * those libraries' sections first, ranked by the rest of the query within each.
   */
  search(query: string, options: { readonly limit: number }): CrossSearchResult[];
  /** The libraries a query names, by id, alias or configured title (`vue router` for `vue-router`). */
  namedLibraries(query: string): Library[];
}
