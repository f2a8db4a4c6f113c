import type { IndexData } from '../build.js';
import { findDoc } from './postings.js';
import type { QueryPlan } from './plan.js';

/**
 * Sections holding every quoted phrase of the query, as consecutive words of the text or the
 * heading. `undefined` means "do not filter": the query has no phrase, or no section holds them
 * all, in which case the phrases are searched as plain words rather than returning nothing.
 *
 * @example
 * ```ts
 * import { buildIndexData } from '../build.js';
 * import { parseQuery } from '../query/parse.js';
 * import { compileSynonyms } from '../synonyms.js';
 * import { phraseFilter } from './phrase.js';
 * import { planQuery } from './plan.js';
 *
 * const data = buildIndexData([{ id: 'a', documentTitle: 'A', heading: 'H', text: 'a smart agent', code: '', topics: [] }]);
 * phraseFilter(data, planQuery(parseQuery('"smart agent"'), data.vocabulary, data.idf, compileSynonyms([]))); // Set {0}
 * ```
 */
export function phraseFilter(data: IndexData, plan: QueryPlan): Set<number> | undefined {
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
    const rest: Set<number>[] = [];
    for (const termId of phrase.slice(1)) {
      const posting = data.postings[termId]!;
      const at = findDoc(posting, doc);
      if (at < 0) break;
      rest.push(new Set(posting.positions.subarray(posting.positionStarts[at]!, posting.positionStarts[at + 1]!)));
    }
    if (rest.length < phrase.length - 1) continue;
    for (let at = first.positionStarts[index]!; at < first.positionStarts[index + 1]!; at += 1) {
      const start = first.positions[at]!;
      if (rest.every((positions, offset) => positions.has(start + offset + 1))) {
        found.add(doc);
        break;
      }
    }
  }
  return found;
}

function headingHasPhrase(heading: readonly (readonly number[] | undefined)[], phrase: readonly number[]): boolean {
  for (let start = 0; start + phrase.length <= heading.length; start += 1) {
    if (phrase.every((termId, offset) => heading[start + offset]?.includes(termId) === true)) return true;
  }
  return false;
}
