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
 * Holds the state being served. A reload builds the next state aside and swaps it in with one
 * assignment, so a request sees either the old content or the new, never a mix.
 */
export class ContentStore {
  #state: ServiceState;
  #status: HealthStatus = 'ok';

  constructor(content: Content) {
    this.#state = buildState(content);
  }

  get current(): ServiceState {
    return this.#state;
  }

  get status(): HealthStatus {
    return this.#status;
  }

  /** Serves `content` from now on. */
  replace(content: Content): void {
    this.#state = buildState(content);
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
