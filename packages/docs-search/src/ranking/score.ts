import type { IndexData, Posting } from '../build.js';
import type { Clause, QueryPlan } from './plan.js';

/** Ranking constants, written out in docs/search-design.md. */
export const RANKING = {
  /** Share of the score kept by a section that matches none of the query's words (only identifiers). */
  coverageFloor: 0.35,
  /** Extra factor when the heading holds all of the query's words (scaled by the share squared). */
  headingWords: 0.5,
  /** Extra factor when the heading names one of the query's whole identifiers. */
  headingIdentifier: 0.6,
  /** Extra factor when the heading is nothing but query words. */
  headingExact: 0.3,
  /** Proximity bonus per adjacent pair of query clauses: weight × min idf / distance. */
  proximity: 0.3,
  proximityWindow: 6,
  /** Proximity and heading checks are made for this many best sections only. */
  rescoreDepth: 200,
} as const;

/** A scored section. */
export interface ScoredSection {
  readonly doc: number;
  readonly score: number;
}

/**
 * Scores the sections for a planned query.
 *
 * score = (Σ clauses + Σ identifiers) × (floor + (1 − floor) × coverage²) × heading factor + proximity
 *
 * where a clause's value is the best of its alternatives, an alternative's value is its weight times
 * the sum over its words of the best `factor × idf × strength` among the word's expansions, and
 * `strength` is the precomputed BM25F saturation. Ties keep section order.
 *
 * @example
 * ```ts
 * import { buildIndexData } from '../build.js';
 * import { parseQuery } from '../query/parse.js';
 * import { compileSynonyms } from '../synonyms.js';
 * import { planQuery } from './plan.js';
 * import { scoreSections } from './score.js';
 *
 * const data = buildIndexData([{ id: 'a', documentTitle: 'A', heading: 'Agents', text: 'agents', code: '', topics: [] }]);
 * const plan = planQuery(parseQuery('agent'), data.vocabulary, data.idf, compileSynonyms([]));
 * scoreSections(data, plan, undefined)[0]?.doc; // 0
 * ```
 */
export function scoreSections(
  data: IndexData,
  plan: QueryPlan,
  allowed: ((doc: number) => boolean) | undefined,
): ScoredSection[] {
  const count = data.ids.length;
  const total = new Float64Array(count);
  const covered = new Float64Array(count);
  const touched: number[] = [];
  const seen = new Uint8Array(count);
  const totalCoverage = plan.clauses.reduce((sum, clause) => sum + clause.coverage, 0);

  for (const clause of [...plan.clauses, ...plan.identifiers]) {
    for (const [doc, value] of clauseScores(data, clause)) {
      if (seen[doc] === 0) {
        seen[doc] = 1;
        touched.push(doc);
      }
      total[doc] = total[doc]! + value;
      covered[doc] = covered[doc]! + clause.coverage;
    }
  }

  const phraseDocs = phraseFilter(data, plan);
  const scored: ScoredSection[] = [];
  for (const doc of touched) {
    if (allowed !== undefined && !allowed(doc)) continue;
    if (phraseDocs !== undefined && !phraseDocs.has(doc)) continue;
    const coverage = totalCoverage === 0 ? 1 : covered[doc]! / totalCoverage;
    const coordination = RANKING.coverageFloor + (1 - RANKING.coverageFloor) * coverage * coverage;
    scored.push({ doc, score: total[doc]! * coordination });
  }
  scored.sort(byScoreThenOrder);

  const rescored = scored.slice(0, RANKING.rescoreDepth).map((entry) => ({
    doc: entry.doc,
    score: entry.score * headingFactor(data, plan, entry.doc, totalCoverage) + proximityBonus(data, plan, entry.doc),
  }));
  rescored.sort(byScoreThenOrder);
  return [...rescored, ...scored.slice(RANKING.rescoreDepth)];
}

function byScoreThenOrder(a: ScoredSection, b: ScoredSection): number {
  return b.score - a.score || a.doc - b.doc;
}

/** The clause's value per section: the best alternative, each the weighted sum of its words' best expansions. */
function clauseScores(data: IndexData, clause: Clause): Map<number, number> {
  const best = new Map<number, number>();
  for (const alternative of clause.alternatives) {
    const sums = new Map<number, number>();
    const matchedSlots = new Map<number, number>();
    for (const slot of alternative.slots) {
      const slotBest = new Map<number, number>();
      for (const expansion of slot.expansions) {
        const posting = data.postings[expansion.termId]!;
        const worth = expansion.factor * expansion.idf;
        for (let index = 0; index < posting.docs.length; index += 1) {
          const doc = posting.docs[index]!;
          const value = worth * posting.strength[index]!;
          const known = slotBest.get(doc);
          if (known === undefined || known < value) slotBest.set(doc, value);
        }
      }
      for (const [doc, value] of slotBest) {
        sums.set(doc, (sums.get(doc) ?? 0) + value);
        matchedSlots.set(doc, (matchedSlots.get(doc) ?? 0) + 1);
      }
    }
    for (const [doc, sum] of sums) {
      if (alternative.requireAll && matchedSlots.get(doc)! < alternative.slots.length) continue;
      const value = alternative.weight * sum;
      const known = best.get(doc);
      if (known === undefined || known < value) best.set(doc, value);
    }
  }
  return best;
}

/**
 * Heading factor: 1 + headingWords × share² + headingIdentifier (when the heading holds a whole
 * identifier of the query) + headingExact (when every heading word is a query word and every query
 * word is in the heading). It is how a section named after the thing outranks one that mentions it.
 */
function headingFactor(data: IndexData, plan: QueryPlan, doc: number, totalCoverage: number): number {
  const heading = data.headingTerms[doc]!;
  const inHeading = (clause: Clause): boolean =>
    heading.some((terms) => terms !== undefined && terms.some((termId) => clause.termIds.has(termId)));
  let coveredWords = 0;
  for (const clause of plan.clauses) if (inHeading(clause)) coveredWords += clause.coverage;
  const share = totalCoverage === 0 ? 0 : coveredWords / totalCoverage;
  let factor = 1 + RANKING.headingWords * share * share;
  if (plan.identifiers.some(inHeading)) factor += RANKING.headingIdentifier;
  if (share === 1 && data.headingLength[doc]! > 0) {
    const allClauses = [...plan.clauses, ...plan.identifiers];
    const named = heading.every(
      (terms) => terms === undefined || terms.some((termId) => allClauses.some((clause) => clause.termIds.has(termId))),
    );
    if (named) factor += RANKING.headingExact;
  }
  return factor;
}

/** Σ over adjacent query clauses found in the text of proximity × min(idf) / distance, within the window. */
function proximityBonus(data: IndexData, plan: QueryPlan, doc: number): number {
  const clauses = plan.clauses;
  if (clauses.length < 2) return 0;
  const positions = clauses.map((clause) => clausePositions(data, clause, doc));
  let bonus = 0;
  for (let index = 0; index + 1 < clauses.length; index += 1) {
    const left = positions[index]!;
    const right = positions[index + 1]!;
    if (left.positions.length === 0 || right.positions.length === 0) continue;
    const distance = smallestGap(left.positions, right.positions);
    if (distance === 0 || distance > RANKING.proximityWindow) continue;
    bonus += (RANKING.proximity * Math.min(left.idf, right.idf)) / distance;
  }
  return bonus;
}

function clausePositions(data: IndexData, clause: Clause, doc: number): { positions: number[]; idf: number } {
  const positions: number[] = [];
  let idf = 0;
  for (const termId of clause.termIds) {
    const posting = data.postings[termId]!;
    const index = findDoc(posting, doc);
    if (index < 0) continue;
    idf = Math.max(idf, data.idf[termId]!);
    for (let at = posting.positionStarts[index]!; at < posting.positionStarts[index + 1]!; at += 1) {
      positions.push(posting.positions[at]!);
    }
  }
  positions.sort((a, b) => a - b);
  return { positions, idf };
}

/** Smallest non-zero distance between two sorted position lists (0 when none differ). */
function smallestGap(left: readonly number[], right: readonly number[]): number {
  let best = 0;
  let i = 0;
  let j = 0;
  while (i < left.length && j < right.length) {
    const gap = Math.abs(left[i]! - right[j]!);
    if (gap > 0 && (best === 0 || gap < best)) best = gap;
    if (left[i]! < right[j]!) i += 1;
    else j += 1;
  }
  return best;
}

/** Index of `doc` in a posting, or -1. */
export function findDoc(posting: Posting, doc: number): number {
  let low = 0;
  let high = posting.docs.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const value = posting.docs[middle]!;
    if (value === doc) return middle;
    if (value < doc) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}

/**
 * Sections holding every quoted phrase (consecutive words in the text or the heading). When no
 * section holds them, the phrases are ignored rather than returning nothing (`undefined`).
 */
function phraseFilter(data: IndexData, plan: QueryPlan): Set<number> | undefined {
  if (plan.phrases.length === 0) return undefined;
  let result: Set<number> | undefined;
  for (const phrase of plan.phrases) {
    const docs = phrase === undefined ? new Set<number>() : docsWithPhrase(data, phrase);
    result = result === undefined ? docs : new Set([...result].filter((doc) => docs.has(doc)));
  }
  return result !== undefined && result.size > 0 ? result : undefined;
}

function docsWithPhrase(data: IndexData, phrase: readonly number[]): Set<number> {
  const found = new Set<number>();
  const first = data.postings[phrase[0]!]!;
  for (let index = 0; index < first.docs.length; index += 1) {
    const doc = first.docs[index]!;
    if (headingHasPhrase(data.headingTerms[doc]!, phrase)) {
      found.add(doc);
      continue;
    }
    const rest = phrase.slice(1).map((termId) => {
      const posting = data.postings[termId]!;
      const at = findDoc(posting, doc);
      return at < 0 ? undefined : new Set(posting.positions.subarray(posting.positionStarts[at]!, posting.positionStarts[at + 1]!));
    });
    if (rest.some((set) => set === undefined)) continue;
    for (let at = first.positionStarts[index]!; at < first.positionStarts[index + 1]!; at += 1) {
      const start = first.positions[at]!;
      if (rest.every((set, offset) => set!.has(start + offset + 1))) {
        found.add(doc);
        break;
      }
    }
  }
  return found;
}

function headingHasPhrase(heading: readonly number[][], phrase: readonly number[]): boolean {
  for (let start = 0; start + phrase.length <= heading.length; start += 1) {
    if (phrase.every((termId, offset) => heading[start + offset]?.includes(termId) === true)) return true;
  }
  return false;
}
