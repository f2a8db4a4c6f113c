import type { SectionText } from './build.js';

/** Longest snippet, in characters, ellipses included. */
export const SNIPPET_LENGTH = 300;
const ELLIPSIS = '…';

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

  const hits: { start: number; end: number; clause: number }[] = [];
  const tokenCount = section.termStarts.length - 1;
  for (let token = 0; token < tokenCount; token += 1) {
    let clause = -1;
    for (let at = section.termStarts[token]!; at < section.termStarts[token + 1]! && clause < 0; at += 1) {
      clause = clauseOfTerm(section.termIds[at]!);
    }
    if (clause >= 0) hits.push({ start: section.bounds[token * 2]!, end: section.bounds[token * 2 + 1]!, clause });
  }

  const budget = SNIPPET_LENGTH - 2 * ELLIPSIS.length;
  let focusStart = 0;
  let focusEnd = 0;
  if (hits.length > 0) {
    // Densest run: the most different clauses, then the shortest span, then the most hits.
    let bestDistinct = -1;
    let bestSpan = Number.POSITIVE_INFINITY;
    let bestCount = -1;
    const counts = new Map<number, number>();
    let left = 0;
    for (let right = 0; right < hits.length; right += 1) {
      const entering = hits[right]!;
      counts.set(entering.clause, (counts.get(entering.clause) ?? 0) + 1);
      const drop = (): void => {
        const leaving = hits[left]!;
        const remaining = counts.get(leaving.clause)! - 1;
        if (remaining === 0) counts.delete(leaving.clause);
        else counts.set(leaving.clause, remaining);
        left += 1;
      };
      while (entering.end - hits[left]!.start > budget) drop();
      // Shrink from the left while the window keeps every clause it has.
      while (left < right && counts.get(hits[left]!.clause)! > 1) drop();
      const distinct = counts.size;
      const span = entering.end - hits[left]!.start;
      const total = right - left + 1;
      if (
        distinct > bestDistinct ||
        (distinct === bestDistinct && (span < bestSpan || (span === bestSpan && total > bestCount)))
      ) {
        bestDistinct = distinct;
        bestSpan = span;
        bestCount = total;
        focusStart = hits[left]!.start;
        focusEnd = entering.end;
      }
    }
  }

  // Centre the focus in the budget, then move the window back inside the text.
  const spare = budget - (focusEnd - focusStart);
  let start = Math.max(0, focusStart - Math.floor(spare / 2));
  let end = Math.min(text.length, start + budget);
  start = Math.max(0, end - budget);
  if (hits.length === 0) {
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
