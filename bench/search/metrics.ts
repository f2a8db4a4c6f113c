import type { SearchableSection } from '@kit/docs-search';
import type { JudgedQuery, QueryKind } from './queries.js';

/** Relevance figures of one engine over a set of queries. */
export interface Relevance {
  readonly queries: number;
  readonly successAt1: number;
  readonly successAt3: number;
  readonly mrrAt10: number;
}

/**
 * Ids of the sections relevant to a query: those whose heading and text contain every `mustContain`
 * string (ignoring case) and, for a topic-filtered query, that carry the topic.
 *
 * @example
 * ```ts
 * relevantIds({ q: 'x', kind: 'one-word', mustContain: ['a'] }, [{ id: 's', documentTitle: '', heading: 'A', text: '', code: '', topics: [] }]); // Set {'s'}
 * ```
 */
export function relevantIds(query: JudgedQuery, sections: readonly SearchableSection[]): Set<string> {
  const needles = query.mustContain.map((needle) => needle.toLowerCase());
  const relevant = new Set<string>();
  for (const section of sections) {
    if (query.topic !== undefined && !section.topics.includes(query.topic)) continue;
    const haystack = `${section.heading}\n${section.text}`.toLowerCase();
    if (needles.every((needle) => haystack.includes(needle))) relevant.add(section.id);
  }
  return relevant;
}

/** 1-based rank of the first relevant id within the first 10, or 0 when none is there. */
export function firstRelevantRank(ranked: readonly string[], relevant: ReadonlySet<string>): number {
  const index = ranked.slice(0, 10).findIndex((id) => relevant.has(id));
  return index + 1;
}

/**
 * Success@1, Success@3 and MRR@10 from the ranks of the first relevant hit (0 = not in the top 10).
 *
 * @example
 * ```ts
 * summarise([1, 2, 0]); // { queries: 3, successAt1: 1/3, successAt3: 2/3, mrrAt10: 0.5 }
 * ```
 */
export function summarise(ranks: readonly number[]): Relevance {
  const count = ranks.length;
  if (count === 0) return { queries: 0, successAt1: 0, successAt3: 0, mrrAt10: 0 };
  let at1 = 0;
  let at3 = 0;
  let reciprocal = 0;
  for (const rank of ranks) {
    if (rank === 1) at1 += 1;
    if (rank >= 1 && rank <= 3) at3 += 1;
    if (rank >= 1) reciprocal += 1 / rank;
  }
  return { queries: count, successAt1: at1 / count, successAt3: at3 / count, mrrAt10: reciprocal / count };
}

/** Ranks grouped by query kind. */
export function ranksByKind(queries: readonly JudgedQuery[], ranks: readonly number[]): Map<QueryKind, number[]> {
  const byKind = new Map<QueryKind, number[]>();
  queries.forEach((query, index) => {
    const list = byKind.get(query.kind) ?? [];
    list.push(ranks[index]!);
    byKind.set(query.kind, list);
  });
  return byKind;
}

/**
 * The value below which `fraction` of the sorted samples fall (nearest rank).
 *
 * @example
 * ```ts
 * percentile([1, 2, 3, 4], 0.5); // 2
 * ```
 */
export function percentile(samples: readonly number[], fraction: number): number {
  if (samples.length === 0) return 0;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil(fraction * sorted.length));
  return sorted[rank - 1]!;
}
