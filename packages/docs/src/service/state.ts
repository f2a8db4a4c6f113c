import type { Content } from '../content/index.js';
import { createDocsSearch, type DocsSearch } from '../search/index.js';

/** Everything a request needs, derived once from one content version. */
export interface ServiceState {
  readonly content: Content;
  readonly search: DocsSearch;
  /** Documents by slug. */
  readonly documents: ReadonlyMap<string, Content['documents'][number]>;
}

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
 * Holds the state being served. A reload builds the next state aside and swaps it in with one
 * assignment, so a request sees either the old content or the new, never a mix.
 */
export class ContentStore {
  #state: ServiceState;
  #status: HealthStatus = 'ok';
  #version = 1;

  constructor(content: Content) {
    this.#state = buildState(content);
  }

  get current(): ServiceState {
    return this.#state;
  }

  get status(): HealthStatus {
    return this.#status;
  }

  /** Number of the content being served: 1 at start, one more after each successful reload. Caches key on it. */
  get version(): number {
    return this.#version;
  }

  /** Serves `content` from now on. The new state is built before the swap, so a request never sees it half-built. */
  replace(content: Content): void {
    const next = buildState(content);
    this.#state = next;
    this.#version += 1;
    this.#status = 'ok';
  }

  /** Records that a reload failed; the current state keeps serving. */
  markDegraded(): void {
    this.#status = 'degraded';
  }
}

function buildState(content: Content): ServiceState {
  return {
    content,
    search: createDocsSearch(content),
    documents: new Map(content.documents.map((document) => [document.slug, document])),
  };
}
