import type { SearchableSection, SynonymGroups } from '@kit/docs-search';

/** Options of one benchmark query. */
export interface BenchQueryOptions {
  readonly limit: number;
  readonly topic?: string;
}

/** A built index of one engine: section ids, best first. */
export interface BenchSearcher {
  search(query: string, options: BenchQueryOptions): readonly string[] | Promise<readonly string[]>;
}

/** One engine of the benchmark (this one, a peer library, or the naive baseline). */
export interface BenchEngine {
  readonly name: string;
  /** The configuration, in words, printed under the tables. */
  readonly configuration: string;
  build(sections: readonly SearchableSection[], synonyms: SynonymGroups): BenchSearcher | Promise<BenchSearcher>;
}

/** Topic tags of each section by id, for peers that filter after searching. */
export function topicsById(sections: readonly SearchableSection[]): Map<string, ReadonlySet<string>> {
  return new Map(sections.map((section) => [section.id, new Set(section.topics)]));
}
