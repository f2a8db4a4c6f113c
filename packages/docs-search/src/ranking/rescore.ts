import type { IndexData } from '../build.js';
import type { QueryPlan } from './plan.js';
import { findDoc } from './postings.js';
import { RANKING } from './constants.js';
import type { Workspace } from './workspace.js';

/** What rescoring needs of a query, computed once per query. */
export interface RescoreContext {
  readonly data: IndexData;
  readonly plan: QueryPlan;
  readonly workspace: Workspace;
  readonly totalCoverage: number;
  /** How much each word clause says: the idf of its rarest exact term (0 when the index lacks it). */
  readonly clauseWeights: readonly number[];
}

/**
 * The weight of each word clause of a plan: the best `factor × idf` among its terms (the exact
 * term's idf when the index knows the word), so a heading that holds the query's rare words is told
 * from one that holds only its common ones.
 *
 * @example
 * ```ts
 * import { buildIndexData } from '../build.js';
 * import { parseQuery } from '../query/parse.js';
 * import { compileSynonyms } from '../synonyms.js';
 * import { planQuery } from './plan.js';
 * import { clauseWeights } from './rescore.js';
 *
 * const data = buildIndexData([{ id: 'a', documentTitle: 'A', heading: 'header()', text: 'Set a response header.', code: '', topics: [] }]);
 * clauseWeights(planQuery(parseQuery('response header '), data.vocabulary, data.idf, compileSynonyms([]))).length; // 2
 * ```
 */
export function clauseWeights(plan: QueryPlan): number[] {
  return plan.clauses.map((clause) => {
    let weight = 0;
    for (const alternative of clause.alternatives) {
      for (const slot of alternative.slots) {
        for (const expansion of slot.expansions) {
          const value = expansion.factor * alternative.weight * expansion.idf;
          if (value > weight) weight = value;
        }
      }
    }
    return weight;
  });
}

/**
 * Heading factor: 1 + headingWords × share² + headingIdentifier × q (when the heading holds one of
 * the query's whole identifiers) + headingNamed × F(precision, weightedShare) + headingExact (when
 * the heading holds every query word as typed and nothing else) + headingCall × precision (when the
 * heading names one function, `redirect()`). `share` is the part of the query's
 * words found in the heading, each counted with the quality of its match there (1 as typed or its
 * plural, `sameStemOtherWord` for another word of the same stem, less through a synonym,
 * abbreviation, completion or correction), so a heading that names what was searched outranks one
 * that merely resembles it. `weightedShare` is the same share with each query word weighted by its
 * idf, and `precision` the part of the heading's own words (function words and the `Overview` of an
 * introduction left out) that the query names, each counted with its match quality squared; their
 * harmonic mean F rewards a heading that is made of the query's important words (`header()` for
 * "set a response header") over one that holds a query word among others (`Custom Response`).
 *
 * @example
 * ```ts
 * // See ranking-rules.test.ts: 'ranks a section whose heading names the identifier above one that mentions it often'.
 * ```
 */
export function headingFactor(context: RescoreContext, doc: number): number {
  const { data, plan, workspace } = context;
  const clauseCount = Math.min(plan.clauses.length + plan.identifiers.length, 32);
  const best = bestQualities;
  best.fill(0, 0, clauseCount);
  let everyWordMatched = true;
  let anyMatched = false;
  const headingTerms = data.headingTerms[doc]!;
  const forms = data.headingForms[doc]!;
  const naming = data.headingNaming[doc]!;
  let namingWords = 0;
  let namedWords = 0;
  let everyNamingWordMatched = true;
  for (let position = 0; position < headingTerms.length; position += 1) {
    const terms = headingTerms[position];
    if (terms === undefined) continue;
    let matched = false;
    let positionQuality = 0;
    for (const termId of terms) {
      const mask = workspace.maskOf(termId);
      if (mask === 0) continue;
      matched = true;
      const quality = workspace.qualityOf(termId);
      for (let clause = 0; clause < clauseCount; clause += 1) {
        if ((mask & (1 << clause)) === 0) continue;
        // Same stem, different word (`approve` for `approvals`): not quite what was typed.
        const typedForms = plan.clauses[clause]?.typedForms;
        const sameWord = typedForms === undefined || typedForms.size === 0 || typedForms.has(forms[position] ?? '');
        const value = sameWord ? quality : Math.min(quality, RANKING.sameStemOtherWord);
        if (best[clause]! < value) best[clause] = value;
        if (positionQuality < value) positionQuality = value;
      }
    }
    if (!matched) everyWordMatched = false;
    anyMatched ||= matched;
    if (naming[position] === true) {
      namingWords += 1;
      if (positionQuality === 0) everyNamingWordMatched = false;
      // A near match (another word of the stem, an abbreviation, a typo) names the heading less.
      const quality = Math.min(positionQuality, 1);
      namedWords += quality * quality;
    }
  }
  if (!anyMatched) return 1;
  let coveredWords = 0;
  let coveredWeight = 0;
  let totalWeight = 0;
  let allTyped = true;
  let identifierQuality = 0;
  for (let clause = 0; clause < clauseCount; clause += 1) {
    if (clause < plan.clauses.length) {
      coveredWords += plan.clauses[clause]!.coverage * best[clause]!;
      coveredWeight += (context.clauseWeights[clause] ?? 0) * best[clause]!;
      totalWeight += context.clauseWeights[clause] ?? 0;
      if (best[clause]! < 1) allTyped = false;
    } else {
      identifierQuality = Math.max(identifierQuality, best[clause]!);
    }
  }
  const share = context.totalCoverage === 0 ? 0 : coveredWords / context.totalCoverage;
  let factor = 1 + RANKING.headingWords * share * share + RANKING.headingIdentifier * identifierQuality;
  // A heading made of the query's words names what was asked, even when it names only part of the
  // query, and the more of the query's weight it carries, the more it counts.
  const precision = namingWords === 0 ? 0 : namedWords / namingWords;
  const weightedShare = totalWeight === 0 ? 0 : coveredWeight / totalWeight;
  if (precision > 0 && weightedShare > 0) {
    factor += (RANKING.headingNamed * 2 * precision * weightedShare) / (precision + weightedShare);
  }
  if (allTyped && everyWordMatched && plan.clauses.length > 0) factor += RANKING.headingExact;
  // A heading that names one function is that function's entry in the reference: when the query names
  // the function, even as a plain word ("redirect to another URL" for `redirect()`), it is the likeliest
  // answer, more than a neighbouring feature's section that uses the word often. The query must name
  // the whole function: `typed client` names a part of `testClient()`, not the function.
  if (data.headingCall[doc] === 1 && everyNamingWordMatched) factor += RANKING.headingCall * precision;
  return factor;
}

const bestQualities = new Float64Array(32);

/**
 * Proximity bonus: Σ over adjacent query clauses found near each other in the text of
 * proximity × min(idf) / distance, for distances up to the proximity window.
 *
 * @example
 * ```ts
 * // See search-index.test.ts: 'ranks words that stand together above words far apart'.
 * ```
 */
export function proximityBonus(context: RescoreContext, doc: number): number {
  const clauses = context.plan.clauses;
  if (clauses.length < 2) return 0;
  let bonus = 0;
  let previous = buffers[0]!;
  let current = buffers[1]!;
  let previousIdf = clausePositions(context, 0, doc, previous);
  for (let index = 1; index < clauses.length; index += 1) {
    const currentIdf = clausePositions(context, index, doc, current);
    if (previous.length > 0 && current.length > 0) {
      const distance = smallestGap(previous, current);
      if (distance > 0 && distance <= RANKING.proximityWindow) {
        bonus += (RANKING.proximity * Math.min(previousIdf, currentIdf)) / distance;
      }
    }
    [previous, current] = [current, previous];
    previousIdf = currentIdf;
  }
  return bonus;
}

// Two reusable position lists (searches are synchronous), so proximity allocates nothing per section.
const buffers: number[][] = [[], []];

/** Fills `into` with the ascending text positions of a clause's strongest terms; returns their best idf. */
function clausePositions(context: RescoreContext, clauseIndex: number, doc: number, into: number[]): number {
  const { data } = context;
  into.length = 0;
  let idf = 0;
  let sources = 0;
  for (const termId of context.plan.clauses[clauseIndex]!.proximityTermIds) {
    const posting = data.postings[termId]!;
    const at = findDoc(posting, doc);
    if (at < 0) continue;
    const from = posting.positionStarts[at]!;
    const to = posting.positionStarts[at + 1]!;
    if (from === to) continue;
    idf = Math.max(idf, data.idf[termId]!);
    sources += 1;
    for (let index = from; index < to; index += 1) into.push(posting.positions[index]!);
  }
  if (sources > 1) into.sort((a, b) => a - b);
  return idf;
}

/** Smallest non-zero distance between two ascending position lists (0 when none differ). */
function smallestGap(left: ArrayLike<number>, right: ArrayLike<number>): number {
  let best = 0;
  let i = 0;
  let j = 0;
  while (i < left.length && j < right.length) {
    const a = left[i]!;
    const b = right[j]!;
    const gap = a > b ? a - b : b - a;
    if (gap > 0 && (best === 0 || gap < best)) best = gap;
    if (a < b) i += 1;
    else j += 1;
  }
  return best;
}
