import type { SectionText } from './build.js';

/** Longest snippet, in characters, ellipses included. */
export const SNIPPET_LENGTH = 300;
const ELLIPSIS = '…';

const hitStarts: number[] = [];
const hitEnds: number[] = [];
const hitClauses: number[] = [];
const clauseCounts: number[] = [];

/**
 * Cuts a snippet of at most 300 characters out of a section's text, centred on the densest run of
 * query terms: the window of text that holds the most different query clauses (then the most
 * matching words, then the earliest). Cuts fall at word boundaries and are marked with `…`.
 *
 * `clauseOfTerm` gives the query clause a term id belongs to, or -1 for terms of no clause.
 *
 * @example
 * ```ts
 * import { buildIndexData } from './build.js';
 * import { makeSnippet } from './snippet.js';
 *
 * const data = buildIndexData([{ id: 'a', documentTitle: 'A', heading: 'H', text: 'The default is 10.', code: '', topics: [] }]);
 * makeSnippet(data.texts[0]!, () => -1); // 'The default is 10.'
 * ```
 */
export function makeSnippet(section: SectionText, clauseOfTerm: (termId: number) => number): string {
  const { text } = section;
  if (text.length <= SNIPPET_LENGTH) return text;

  // Matching tokens as parallel lists, reused between calls (searches are synchronous).
  hitStarts.length = 0;
  hitEnds.length = 0;
  hitClauses.length = 0;
  const tokenCount = section.termStarts.length - 1;
  for (let token = 0; token < tokenCount; token += 1) {
    let clause = -1;
    for (let at = section.termStarts[token]!; at < section.termStarts[token + 1]! && clause < 0; at += 1) {
      clause = clauseOfTerm(section.termIds[at]!);
    }
    if (clause >= 0) {
      hitStarts.push(section.bounds[token * 2]!);
      hitEnds.push(section.bounds[token * 2 + 1]!);
      hitClauses.push(clause);
    }
  }
  const hitCount = hitStarts.length;

  const budget = SNIPPET_LENGTH - 2 * ELLIPSIS.length;
  let focusStart = 0;
  let focusEnd = 0;
  if (hitCount > 0) {
    // Densest run: the most different clauses, then the shortest span, then the most hits.
    let bestDistinct = -1;
    let bestSpan = Number.POSITIVE_INFINITY;
    let bestCount = -1;
    clauseCounts.length = 0;
    let distinct = 0;
    let left = 0;
    const drop = (): void => {
      const clause = hitClauses[left]!;
      clauseCounts[clause] = clauseCounts[clause]! - 1;
      if (clauseCounts[clause] === 0) distinct -= 1;
      left += 1;
    };
    for (let right = 0; right < hitCount; right += 1) {
      const entering = hitClauses[right]!;
      const known = clauseCounts[entering] ?? 0;
      if (known === 0) distinct += 1;
      clauseCounts[entering] = known + 1;
      while (hitEnds[right]! - hitStarts[left]! > budget) drop();
      // Shrink from the left while the window keeps every clause it has.
      while (left < right && clauseCounts[hitClauses[left]!]! > 1) drop();
      const span = hitEnds[right]! - hitStarts[left]!;
      const total = right - left + 1;
      if (distinct > bestDistinct || (distinct === bestDistinct && (span < bestSpan || (span === bestSpan && total > bestCount)))) {
        bestDistinct = distinct;
        bestSpan = span;
        bestCount = total;
        focusStart = hitStarts[left]!;
        focusEnd = hitEnds[right]!;
      }
    }
  }

  // Centre the focus in the budget, then move the window back inside the text.
  const spare = budget - (focusEnd - focusStart);
  let start = Math.max(0, focusStart - Math.floor(spare / 2));
  let end = Math.min(text.length, start + budget);
  start = Math.max(0, end - budget);
  if (hitCount === 0) {
    start = 0;
    end = budget;
  }

  // Cut at white space only, so no word is ever split.
  if (start > 0 && text[start - 1] !== ' ') {
    const space = text.indexOf(' ', start);
    if (space >= 0 && space < end) start = space + 1;
  }
  if (end < text.length && text[end] !== ' ') {
    const space = text.lastIndexOf(' ', end);
    if (space > start) end = space;
  }
  const body = text.slice(start, end).trim();
  return `${start > 0 ? ELLIPSIS : ''}${body}${end < text.length ? ELLIPSIS : ''}`;
}
