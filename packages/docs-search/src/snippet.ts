import type { SectionText } from './build.js';

/** Longest snippet, in characters, ellipses included. */
export const SNIPPET_LENGTH = 300;
const ELLIPSIS = '…';

/**
 * Cuts a snippet of at most 300 characters out of a section's text, centred on the densest run of
 * query terms: the window of text that holds the most different query clauses (then the most
 * matching words, then the earliest). Cuts fall at word boundaries and are marked with `…`.
 *
 * `clauseOfTerm` maps a term id to the query clause it belongs to; terms not in it do not count.
 *
 * @example
 * ```ts
 * import { buildIndexData } from './build.js';
 * import { makeSnippet } from './snippet.js';
 *
 * const data = buildIndexData([{ id: 'a', documentTitle: 'A', heading: 'H', text: 'The default is 10.', code: '', topics: [] }]);
 * makeSnippet(data.texts[0]!, new Map()); // 'The default is 10.'
 * ```
 */
export function makeSnippet(section: SectionText, clauseOfTerm: ReadonlyMap<number, number>): string {
  const { text } = section;
  if (text.length <= SNIPPET_LENGTH) return text;

  const hits: { start: number; end: number; clause: number }[] = [];
  const tokenCount = section.termStarts.length - 1;
  for (let token = 0; token < tokenCount; token += 1) {
    let clause = -1;
    for (let at = section.termStarts[token]!; at < section.termStarts[token + 1]! && clause < 0; at += 1) {
      clause = clauseOfTerm.get(section.termIds[at]!) ?? -1;
    }
    if (clause >= 0) hits.push({ start: section.bounds[token * 2]!, end: section.bounds[token * 2 + 1]!, clause });
  }

  const budget = SNIPPET_LENGTH - 2 * ELLIPSIS.length;
  let focusStart = 0;
  let focusEnd = 0;
  if (hits.length > 0) {
    let bestDistinct = -1;
    let bestCount = -1;
    const counts = new Map<number, number>();
    let left = 0;
    for (let right = 0; right < hits.length; right += 1) {
      const entering = hits[right]!;
      counts.set(entering.clause, (counts.get(entering.clause) ?? 0) + 1);
      while (entering.end - hits[left]!.start > budget) {
        const leaving = hits[left]!;
        const remaining = counts.get(leaving.clause)! - 1;
        if (remaining === 0) counts.delete(leaving.clause);
        else counts.set(leaving.clause, remaining);
        left += 1;
      }
      const distinct = counts.size;
      const total = right - left + 1;
      if (distinct > bestDistinct || (distinct === bestDistinct && total > bestCount)) {
        bestDistinct = distinct;
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
