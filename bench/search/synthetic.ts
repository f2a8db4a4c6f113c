import type { SearchableSection } from '@kit/docs-search';

/**
 * A corpus `factor` times the size of `sections`: the originals, then copies whose words are
 * partly renamed (`agent` becomes `agent7k` in some copies), so the vocabulary grows with the corpus
 * as it would with real extra documentation instead of repeating the same terms.
 *
 * @example
 * ```ts
 * scaleCorpus([{ id: 'a', documentTitle: 'A', heading: 'H', text: 'agent loop', code: '', topics: [] }], 2).length; // 2
 * ```
 */
export function scaleCorpus(sections: readonly SearchableSection[], factor: number): SearchableSection[] {
  const result: SearchableSection[] = [...sections];
  for (let copy = 1; copy < factor; copy += 1) {
    const suffix = copy.toString(36);
    const rename = (text: string): string =>
      text.replace(/[A-Za-z][A-Za-z0-9]{3,}/gu, (word) => (hash(word, copy) % 3 === 0 ? `${word}${suffix}k` : word));
    for (const section of sections) {
      result.push({
        id: `${section.id}~${suffix}`,
        documentTitle: `${section.documentTitle} ${suffix}`,
        heading: rename(section.heading),
        text: rename(section.text),
        code: rename(section.code),
        topics: section.topics,
      });
    }
  }
  return result;
}

// FNV-1a, so the renaming is the same on every run.
function hash(word: string, seed: number): number {
  let value = 2166136261 ^ seed;
  for (let index = 0; index < word.length; index += 1) {
    value ^= word.charCodeAt(index);
    value = Math.imul(value, 16777619);
  }
  return value >>> 0;
}
