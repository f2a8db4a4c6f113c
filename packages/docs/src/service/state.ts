import type { Content } from '../content/index.js';
import { singleLibraryCatalog, type Catalog, type ServiceState } from '../library/catalog.js';

export type { ServiceState };

/** Health as `/api/health` reports it: `degraded` while an invalid reload left old content serving. */
export type HealthStatus = 'ok' | 'degraded';

/**
 * @example
 * ```ts
 * import { ContentStore, embeddedContentDirectory, loadContent } from '@kit/docs';
 *
 * const store = new ContentStore(await loadContent(embeddedContentDirectory));
 * store.replace(await loadContent(embeddedContentDirectory));
 * console.log(store.status); // ok
 * ```
 *
 * Holds the catalog being served. A reload builds the next catalog aside and swaps it in with one
 * assignment, so a request sees either the old libraries or the new, never a mix.
 */
export class ContentStore {
  #catalog: Catalog;
  #status: HealthStatus = 'ok';
  #version = 1;

  /** From one content folder (served as the only library) or from a loaded catalog. */
  constructor(content: Content | Catalog) {
    this.#catalog = isCatalog(content) ? content : singleLibraryCatalog(content);
  }

  /** The default library's latest version: what a request that names no library reads. */
  get current(): ServiceState {
    return this.#catalog.defaultLibrary.latest.state;
  }

  /** Every library served. */
  get catalog(): Catalog {
    return this.#catalog;
  }

  get status(): HealthStatus {
    return this.#status;
  }

  /** Number of the content being served: 1 at start, one more after each successful reload. Caches key on it. */
  get version(): number {
    return this.#version;
  }

  /**
   * Serves `next` from now on: a catalog, or one folder's content as the default library's only
   * version (keeping the library's id and version label). It is built before the swap, so a request
   * never sees it half-built.
   */
  replace(next: Content | Catalog): void {
    const { id, latest } = this.#catalog.defaultLibrary;
    this.#catalog = isCatalog(next) ? next : singleLibraryCatalog(next, id, latest.version);
    this.#version += 1;
    this.#status = 'ok';
  }

  /** Records that a reload failed; the current catalog keeps serving. */
  markDegraded(): void {
    this.#status = 'degraded';
  }
}

function isCatalog(value: Content | Catalog): value is Catalog {
  return 'libraries' in value && 'crossSearch' in value;
}
