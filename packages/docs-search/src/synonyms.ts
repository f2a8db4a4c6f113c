import { analyze } from './analysis/analyze.js';
import { normalizeText } from './analysis/normalize.js';
import { isStopWord } from './analysis/stop-words.js';
import type { SynonymGroups } from './types.js';

/** Synonym groups prepared for matching: every member as the stems of its words. */
export interface SynonymTable {
  /**
   * Members of each group as the stems to search for: without function words when at least two
   * other words remain (`human in the loop` searches `human` and `loop`), else every word (`sign in`).
   */
  readonly groups: readonly (readonly (readonly string[])[])[];
  /** Members by their first stem, longest first, for matching at a query position. */
  readonly byFirstStem: ReadonlyMap<string, readonly { readonly stems: readonly string[]; readonly group: number }[]>;
}

/** A run of query words that is a member of a synonym group. */
export interface SynonymMatch {
  readonly start: number;
  readonly length: number;
  readonly group: number;
}

/**
 * Analyses synonym groups once, with the same pipeline as the index, so `rate limiting` in the
 * table matches `rate limits` in a query.
 *
 * @example
 * ```ts
 * import { compileSynonyms } from './synonyms.js';
 *
 * compileSynonyms([['throttle', 'rate limit']]).groups[0]; // [['throttl'], ['rate', 'limit']]
 * ```
 */
export function compileSynonyms(groups: SynonymGroups): SynonymTable {
  const compiled: string[][][] = [];
  const byFirstStem = new Map<string, { stems: string[]; group: number }[]>();
  for (const group of groups) {
    if (!Array.isArray(group)) {
      throw new TypeError(
        `docs-search: synonym group ${JSON.stringify(group)} is not a list; write each group as a list of terms, for example ["auth", "authentication"].`,
      );
    }
    const members: string[][] = [];
    // Queries keep their function words until synonyms are matched, so members are matched whole.
    const matched: string[][] = [];
    for (const member of group) {
      if (typeof member !== 'string') {
        throw new TypeError(`docs-search: synonym ${JSON.stringify(member)} is not a string; write every member of a group as text.`);
      }
      const words = analyze(normalizeText(member)).flatMap((token) => token.words);
      if (words.length === 0) continue;
      const matchStems = words.map((word) => word.term);
      if (matched.some((known) => known.join(' ') === matchStems.join(' '))) continue;
      const content = words.filter((word) => !isStopWord(word.surface));
      members.push((content.length >= 2 || content.length === words.length ? content : words).map((word) => word.term));
      matched.push(matchStems);
    }
    if (members.length < 2) continue;
    const index = compiled.length;
    compiled.push(members);
    for (const stems of matched) {
      const list = byFirstStem.get(stems[0]!) ?? [];
      list.push({ stems, group: index });
      list.sort((a, b) => b.stems.length - a.stems.length || a.group - b.group);
      byFirstStem.set(stems[0]!, list);
    }
  }
  return { groups: compiled, byFirstStem };
}

/**
 * Finds synonym members in a sequence of query stems, left to right, longest member first, without overlaps.
 *
 * @example
 * ```ts
 * import { compileSynonyms, findSynonyms } from './synonyms.js';
 *
 * findSynonyms(compileSynonyms([['throttle', 'rate limit']]), ['rate', 'limit', 'request']); // [{ start: 0, length: 2, group: 0 }]
 * ```
 */
export function findSynonyms(table: SynonymTable, stems: readonly string[]): SynonymMatch[] {
  const matches: SynonymMatch[] = [];
  let index = 0;
  while (index < stems.length) {
    const candidates = table.byFirstStem.get(stems[index]!) ?? [];
    const found = candidates.find((candidate) => candidate.stems.every((stem, offset) => stems[index + offset] === stem));
    if (found === undefined) {
      index += 1;
      continue;
    }
    matches.push({ start: index, length: found.stems.length, group: found.group });
    index += found.stems.length;
  }
  return matches;
}
