/**
 * One searchable unit: a section of a document, already reduced to plain text by the content layer.
 * The engine never sees Markdown or HTML.
 *
 * @example
 * ```ts
 * import type { SearchableSection } from '@kit/docs-search';
 *
 * const section: SearchableSection = {
 *   id: 'agents#maxiterations',
 *   documentTitle: 'Smart agents',
 *   heading: 'maxIterations',
 *   text: 'maxIterations caps the loop. The default is 10.',
 *   code: 'maxIterations createSmartAgent',
 *   topics: ['ai', 'agent-loop'],
 * };
 * ```
 */
export interface SearchableSection {
  /** Unique and stable within one index, for example `database#defining-models`. */
  readonly id: string;
  /** Title of the document the section belongs to. */
  readonly documentTitle: string;
  /** The section heading (`Overview` for text before the first heading). */
  readonly heading: string;
  /** Plain text of the whole section, code included; the body field and the source of snippets. */
  readonly text: string;
  /** Inline code spans and code blocks of the section, joined by spaces; the identifier field. */
  readonly code: string;
  /** The section's topic tags, lower case, categories included. */
  readonly topics: readonly string[];
}

/**
 * Groups of interchangeable terms. A group may hold phrases (`rate limit`); a query term in a group
 * also matches every other member of the group.
 *
 * @example
 * ```ts
 * import type { SynonymGroups } from '@kit/docs-search';
 *
 * const synonyms: SynonymGroups = [['auth', 'authentication'], ['throttle', 'rate limit']];
 * ```
 */
export type SynonymGroups = readonly (readonly string[])[];

/**
 * Options of one query.
 *
 * @example
 * ```ts
 * import type { SearchOptions } from '@kit/docs-search';
 *
 * const options: SearchOptions = { limit: 10, topic: 'auth' };
 * ```
 */
export interface SearchOptions {
  /** Maximum number of hits returned; at least 1. */
  readonly limit: number;
  /** Keep only sections whose `topics` contain this tag (compared in lower case). */
  readonly topic?: string;
}

/**
 * One ranked hit.
 *
 * @example
 * ```ts
 * import type { SearchHit } from '@kit/docs-search';
 *
 * const hit: SearchHit = { id: 'agents#maxiterations', score: 12.5, snippet: 'maxIterations caps the loop…' };
 * ```
 */
export interface SearchHit {
  /** The `id` of the matching section. */
  readonly id: string;
  /** Relevance; higher is better. Deterministic for the same index and query. */
  readonly score: number;
  /** Plain text, at most 300 characters, cut at word boundaries, `…` where text was cut. */
  readonly snippet: string;
}

/**
 * A built index. Building is done once; `search` never touches the disk.
 *
 * @example
 * ```ts
 * import type { SearchIndex } from '@kit/docs-search';
 *
 * function firstId(index: SearchIndex, query: string): string | undefined {
 *   return index.search(query, { limit: 1 })[0]?.id;
 * }
 * ```
 */
export interface SearchIndex {
  /** Ranked hits for `query`, best first; ties keep the order in which sections were indexed. */
  search(query: string, options: SearchOptions): SearchHit[];
  /** Number of indexed sections. */
  readonly size: number;
}
