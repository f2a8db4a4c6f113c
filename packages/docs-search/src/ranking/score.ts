import type { IndexData } from '../build.js';
import { RANKING } from './constants.js';
import { phraseFilter } from './phrase.js';
import type { Clause, QueryPlan } from './plan.js';
import { clauseWeights, headingFactor, proximityBonus, type RescoreContext } from './rescore.js';
import { workspaceOf, type Workspace } from './workspace.js';

/** A scored section. */
export interface ScoredSection {
  readonly doc: number;
  readonly score: number;
}

/** The ranking of one query, with what the snippet maker needs to know about it. */
export interface Ranking {
  readonly hits: readonly ScoredSection[];
  /** The query clause (0-based) a term belongs to, or -1. Valid until the next query. */
  readonly clauseOfTerm: (termId: number) => number;
}

/**
 * Ranks the sections for a planned query.
 *
 * score = (Σ clauses + Σ identifiers) × (floor + (1 − floor) × coverage²) × heading factor + proximity
 *
 * where a clause's value is the best of its alternatives, an alternative's value is its weight times
 * the sum over its words of the best `factor × idf × strength` among each word's expansions, and
 * `strength` is the precomputed BM25F saturation. The heading factor is computed for the best
 * `max(rescoreDepth, limit)` sections, proximity for the best `max(proximityDepth, limit)` of those.
 * Ties keep section order.
 *
 * @example
 * ```ts
 * import { buildIndexData } from '../build.js';
 * import { parseQuery } from '../query/parse.js';
 * import { compileSynonyms } from '../synonyms.js';
 * import { planQuery } from './plan.js';
 * import { rankSections } from './score.js';
 *
 * const data = buildIndexData([{ id: 'a', documentTitle: 'A', heading: 'Agents', text: 'agents', code: '', topics: [] }]);
 * const plan = planQuery(parseQuery('agent'), data.vocabulary, data.idf, compileSynonyms([]));
 * rankSections(data, plan, undefined, 10).hits[0]?.doc; // 0
 * ```
 */
export function rankSections(
  data: IndexData,
  plan: QueryPlan,
  allowed: ((doc: number) => boolean) | undefined,
  limit: number,
  topicTerms: ReadonlySet<number> = new Set(),
): Ranking {
  const workspace = workspaceOf(data);
  workspace.startQuery();
  const allClauses = [...plan.clauses, ...plan.identifiers];
  allClauses.forEach((clause, index) => {
    for (const alternative of clause.alternatives) {
      for (const slot of alternative.slots) {
        for (const expansion of slot.expansions) workspace.mark(expansion.termId, index, expansion.factor * alternative.weight);
      }
    }
  });
  const clauseOfTerm = (termId: number): number => {
    const mask = workspace.maskOf(termId);
    return mask === 0 ? -1 : 31 - Math.clz32(mask & -mask);
  };

  // `total` sums each section's clause values; its count sums the query words they cover.
  const { total } = workspace;
  const totalCoverage = plan.clauses.reduce((sum, clause) => sum + clause.coverage, 0);
  // Rarest clauses first. On a large corpus, a clause whose postings cover a big share of it only
  // adds to sections that rarer clauses already found, once those are enough to fill the page:
  // a section matching nothing but very common words cannot reach the top, and skipping it keeps
  // the cost of such words flat.
  const commonPostings = Math.max(RANKING.commonClauseFloor, data.ids.length * RANKING.commonClauseShare);
  const ordered = allClauses
    .map((clause, index) => ({ clause, index, size: postingsOf(data, clause) }))
    .sort((a, b) => a.size - b.size || a.index - b.index);
  for (const { clause, size } of ordered) {
    addClause(data, workspace, clause, size > commonPostings && total.touchedCount >= limit);
  }

  const phraseDocs = phraseFilter(data, plan);
  const { candidateDocs: docs, candidateScores: scores } = workspace;
  let kept = 0;
  for (let touched = 0; touched < total.touchedCount; touched += 1) {
    const doc = total.touched[touched]!;
    if (allowed !== undefined && !allowed(doc)) continue;
    if (phraseDocs !== undefined && !phraseDocs.has(doc)) continue;
    const coverage = totalCoverage === 0 ? 1 : total.count(doc) / totalCoverage;
    docs[kept] = doc;
    scores[kept] = total.get(doc) * (RANKING.coverageFloor + (1 - RANKING.coverageFloor) * coverage * coverage);
    kept += 1;
  }
  total.clear();

  const context: RescoreContext = { data, plan, workspace, totalCoverage, clauseWeights: clauseWeights(plan) };
  const headed: ScoredSection[] = [];
  for (const index of bestIndices(scores, docs, kept, Math.max(limit, RANKING.rescoreDepth))) {
    const doc = docs[index]!;
    const topicFactor = topicTerms.size > 0 && headingHasAny(data, doc, topicTerms) ? 1 + RANKING.topicHeading : 1;
    headed.push({ doc, score: scores[index]! * headingFactor(context, doc) * topicFactor });
  }
  headed.sort(byScoreThenOrder);
  // Proximity is the finest adjustment and the costliest, so only the leading sections get it.
  const proximityDepth = Math.max(limit, RANKING.proximityDepth);
  // Scores are rounded before the last sort, so sections whose published scores are equal always
  // appear in section order, whatever tiny differences the floating-point sums had.
  const hits = headed.map((entry, rank) => ({
    doc: entry.doc,
    score: roundScore(rank < proximityDepth ? entry.score + proximityBonus(context, entry.doc) : entry.score),
  }));
  hits.sort(byScoreThenOrder);
  return { hits, clauseOfTerm };
}

/** True when a word of the section's heading is one of `terms`. */
function headingHasAny(data: IndexData, doc: number, terms: ReadonlySet<number>): boolean {
  return data.headingTerms[doc]!.some((wordTerms) => wordTerms.some((term) => terms.has(term)));
}

/** Six decimals: the precision scores are published with. */
function roundScore(score: number): number {
  return Math.round(score * 1e6) / 1e6;
}

function byScoreThenOrder(a: ScoredSection, b: ScoredSection): number {
  return b.score - a.score || a.doc - b.doc;
}

/** Indices of the `count` best scores among the first `length`, ties taken in section order. */
function bestIndices(scores: Float64Array, docs: Int32Array, length: number, count: number): number[] {
  const all: number[] = [];
  if (length <= count) {
    for (let index = 0; index < length; index += 1) all.push(index);
    return all;
  }
  const threshold = kthLargest(scores.subarray(0, length).slice(), count);
  const tied: number[] = [];
  for (let index = 0; index < length; index += 1) {
    if (scores[index]! > threshold) all.push(index);
    else if (scores[index] === threshold) tied.push(index);
  }
  tied.sort((a, b) => docs[a]! - docs[b]!);
  for (const index of tied) {
    if (all.length >= count) break;
    all.push(index);
  }
  return all;
}

/** Quickselect: the k-th largest value (1-based). Reorders `values`. */
function kthLargest(values: Float64Array, k: number): number {
  let low = 0;
  let high = values.length - 1;
  const target = k - 1;
  while (low < high) {
    const pivot = values[(low + high) >>> 1]!;
    let i = low;
    let j = high;
    while (i <= j) {
      while (values[i]! > pivot) i += 1;
      while (values[j]! < pivot) j -= 1;
      if (i <= j) {
        const swap = values[i]!;
        values[i] = values[j]!;
        values[j] = swap;
        i += 1;
        j -= 1;
      }
    }
    if (target <= j) high = j;
    else if (target >= i) low = i;
    else break;
  }
  return values[target]!;
}

/**
 * Adds a clause's value to every section it matches (with `onlyKnown`, to those already found): the best alternative, each worth its weight
 * times the sum over its words of the best `factor × idf × strength` among the word's expansions,
 * times (matched words / words)² when only part of a multi-word alternative is present.
 */
function addClause(data: IndexData, workspace: Workspace, clause: Clause, onlyKnown: boolean): void {
  const { total } = workspace;
  const only = clause.alternatives.length === 1 ? clause.alternatives[0]! : undefined;
  const single = only !== undefined && only.slots.length === 1 && only.slots[0]!.expansions.length === 1;
  if (single) {
    // Most clauses are one word with one matching term: add its postings straight to the totals.
    const expansion = only.slots[0]!.expansions[0]!;
    const { docs, strength } = data.postings[expansion.termId]!;
    const worth = only.weight * expansion.factor * expansion.idf;
    for (let index = 0; index < docs.length; index += 1) {
      const doc = docs[index]!;
      if (onlyKnown && !total.has(doc)) continue;
      total.add(doc, worth * strength[index]!, clause.coverage);
    }
    return;
  }
  const { clause: best, alternative: sums, slot: slotBest } = workspace;
  for (const alternative of clause.alternatives) {
    for (const slot of alternative.slots) {
      if (slot.expansions.length === 1) {
        const expansion = slot.expansions[0]!;
        const { docs, strength } = data.postings[expansion.termId]!;
        const worth = expansion.factor * expansion.idf;
        for (let index = 0; index < docs.length; index += 1) {
          const doc = docs[index]!;
          if (onlyKnown && !total.has(doc)) continue;
          sums.add(doc, worth * strength[index]!);
        }
        continue;
      }
      for (const expansion of slot.expansions) {
        const { docs, strength } = data.postings[expansion.termId]!;
        const worth = expansion.factor * expansion.idf;
        for (let index = 0; index < docs.length; index += 1) {
          const doc = docs[index]!;
          if (onlyKnown && !total.has(doc)) continue;
          slotBest.max(doc, worth * strength[index]!);
        }
      }
      for (let touched = 0; touched < slotBest.touchedCount; touched += 1) {
        const doc = slotBest.touched[touched]!;
        sums.add(doc, slotBest.get(doc));
      }
      slotBest.clear();
    }
    const slots = alternative.slots.length;
    for (let touched = 0; touched < sums.touchedCount; touched += 1) {
      const doc = sums.touched[touched]!;
      const matched = sums.count(doc);
      if (matched < slots && alternative.requireAll) continue;
      // A phrase of the synonym table typed in part is weak evidence: (matched / words)².
      const completeness = matched === slots ? 1 : (matched / slots) * (matched / slots);
      best.max(doc, alternative.weight * completeness * sums.get(doc));
    }
    sums.clear();
  }
  for (let touched = 0; touched < best.touchedCount; touched += 1) {
    const doc = best.touched[touched]!;
    total.add(doc, best.get(doc), clause.coverage);
  }
  best.clear();
}

/** How many postings a clause reads: its cost, and how common its words are. */
function postingsOf(data: IndexData, clause: Clause): number {
  let size = 0;
  for (const alternative of clause.alternatives) {
    for (const slot of alternative.slots) for (const expansion of slot.expansions) size += data.postings[expansion.termId]!.docs.length;
  }
  return size;
}
