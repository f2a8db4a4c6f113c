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

/** The fields every peer indexes, named as the peers' configurations name them. */
export interface PeerRecord {
  readonly id: string;
  readonly title: string;
  readonly heading: string;
  readonly code: string;
  readonly text: string;
  readonly topics: string[];
}

/** A section as the peer libraries index it: the same five fields for every peer, so they compete fairly. */
export function peerRecord(section: SearchableSection): PeerRecord {
  return {
    id: section.id,
    title: section.documentTitle,
    heading: section.heading,
    code: section.code,
    text: section.text,
    topics: [...section.topics],
  };
}
