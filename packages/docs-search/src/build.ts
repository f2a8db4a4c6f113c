import { analyze, type AnalyzedToken } from './analysis/analyze.js';
import { normalizeText } from './analysis/normalize.js';
import { FIELD_PARAMETERS, FIELDS, K1 } from './ranking/fields.js';
import type { SearchableSection } from './types.js';
import { Vocabulary } from './vocabulary.js';

/** The postings of one term: which sections hold it, how strongly, and where in their text. */
export interface Posting {
  /** Section numbers, ascending. */
  readonly docs: Int32Array;
  /** BM25F saturated frequency per section, `tf / (K1 + tf)` over the weighted fields; idf is applied at query time. */
  readonly strength: Float32Array;
  /** Start of each section's positions in `positions` (one more entry than `docs`). */
  readonly positionStarts: Int32Array;
  /** Word positions in the section's text field. */
  readonly positions: Int32Array;
}

/** What the snippet maker needs of one section's text. */
export interface SectionText {
  /** Normalised text (NFKC, white space collapsed). */
  readonly text: string;
  /** Start and end offset of every token, interleaved. */
  readonly bounds: Int32Array;
  /** Start of each token's terms in `termIds` (one more entry than tokens). */
  readonly termStarts: Int32Array;
  readonly termIds: Int32Array;
}

/** Everything a built index holds. Immutable once built. */
export interface IndexData {
  readonly ids: readonly string[];
  readonly vocabulary: Vocabulary;
  readonly postings: readonly Posting[];
  /** Inverse document frequency per term id. */
  readonly idf: Float64Array;
  /** Term ids of each section's heading, by heading word position (whole identifiers at their first word). */
  readonly headingTerms: readonly (readonly number[][])[];
  /** Number of words in each section's heading. */
  readonly headingLength: Int32Array;
  readonly texts: readonly SectionText[];
  readonly topics: readonly ReadonlySet<string>[];
}

interface PendingPosting {
  docs: number[];
  strength: number[];
  positions: number[][];
}

/**
 * Analyses every section once and builds the inverted index with BM25F strengths precomputed, so
 * a query only adds up `idf × strength` products.
 *
 * @example
 * ```ts
 * import { buildIndexData } from './build.js';
 *
 * const data = buildIndexData([
 *   { id: 'a', documentTitle: 'Agents', heading: 'createSmartAgent', text: 'Creates an agent.', code: 'createSmartAgent', topics: ['ai'] },
 * ]);
 * data.ids.length; // 1
 * ```
 */
export function buildIndexData(sections: readonly SearchableSection[]): IndexData {
  const vocabulary = new Vocabulary();
  const count = sections.length;
  const fieldTerms: Map<number, number>[][] = FIELDS.map(() => []);
  const fieldLengths = FIELDS.map(() => new Float64Array(count));
  const textPositions: Map<number, number[]>[] = [];
  const headingTerms: number[][][] = [];
  const headingLength = new Int32Array(count);
  const texts: SectionText[] = [];

  const intern = (occurrence: { term: string; surface: string }): number => {
    const id = vocabulary.intern(occurrence.term);
    vocabulary.addSurface(occurrence.surface, id);
    return id;
  };

  sections.forEach((section, doc) => {
    const sources: Record<(typeof FIELDS)[number], string> = {
      title: section.documentTitle,
      heading: section.heading,
      code: section.code,
      text: section.text,
      topics: section.topics.join(' '),
    };
    FIELDS.forEach((field, fieldIndex) => {
      const normalised = normalizeText(sources[field]);
      const tokens = analyze(normalised);
      const frequencies = new Map<number, number>();
      let length = 0;
      const positionsOfTerm = new Map<number, number[]>();
      const perPosition: number[][] = [];
      for (const token of tokens) {
        for (const occurrence of [...token.words, ...token.compounds]) {
          const id = intern(occurrence);
          frequencies.set(id, (frequencies.get(id) ?? 0) + 1);
          if (field === 'text') {
            const list = positionsOfTerm.get(id);
            if (list === undefined) positionsOfTerm.set(id, [occurrence.position]);
            else list.push(occurrence.position);
          }
          if (field === 'heading') (perPosition[occurrence.position] ??= []).push(id);
        }
        length += token.words.length;
      }
      fieldTerms[fieldIndex]![doc] = frequencies;
      fieldLengths[fieldIndex]![doc] = length;
      if (field === 'text') {
        textPositions[doc] = positionsOfTerm;
        texts[doc] = sectionText(normalised, tokens, intern);
      }
      if (field === 'heading') {
        headingTerms[doc] = perPosition;
        headingLength[doc] = length;
      }
    });
  });

  const averageLengths = fieldLengths.map((lengths) => {
    let total = 0;
    for (const length of lengths) total += length;
    return count === 0 ? 1 : Math.max(total / count, 1);
  });

  const pending: PendingPosting[] = [];
  for (let doc = 0; doc < count; doc += 1) {
    const weighted = new Map<number, number>();
    FIELDS.forEach((field, fieldIndex) => {
      const { weight, lengthNormalisation: b } = FIELD_PARAMETERS[field];
      // BM25F: each field's frequency is normalised by its own length before the fields are summed.
      const norm = 1 - b + (b * fieldLengths[fieldIndex]![doc]!) / averageLengths[fieldIndex]!;
      for (const [id, tf] of fieldTerms[fieldIndex]![doc]!) {
        weighted.set(id, (weighted.get(id) ?? 0) + (weight * tf) / norm);
      }
    });
    const positionsOfTerm = textPositions[doc]!;
    for (const [id, tf] of weighted) {
      const posting = (pending[id] ??= { docs: [], strength: [], positions: [] });
      posting.docs.push(doc);
      posting.strength.push(tf / (K1 + tf));
      posting.positions.push(positionsOfTerm.get(id) ?? []);
    }
  }

  const postings: Posting[] = [];
  const idf = new Float64Array(vocabulary.terms.length);
  for (let id = 0; id < vocabulary.terms.length; id += 1) {
    const entry = pending[id] ?? { docs: [], strength: [], positions: [] };
    const positionStarts = new Int32Array(entry.docs.length + 1);
    let total = 0;
    entry.positions.forEach((list, index) => {
      positionStarts[index] = total;
      total += list.length;
    });
    positionStarts[entry.docs.length] = total;
    const positions = new Int32Array(total);
    let offset = 0;
    for (const list of entry.positions) {
      positions.set(list, offset);
      offset += list.length;
    }
    postings.push({
      docs: Int32Array.from(entry.docs),
      strength: Float32Array.from(entry.strength),
      positionStarts,
      positions,
    });
    const df = entry.docs.length;
    // BM25's idf, always positive: ln(1 + (N - df + 0.5) / (df + 0.5)).
    idf[id] = Math.log(1 + (count - df + 0.5) / (df + 0.5));
  }
  vocabulary.freeze();

  return {
    ids: sections.map((section) => section.id),
    vocabulary,
    postings,
    idf,
    headingTerms,
    headingLength,
    texts,
    topics: sections.map((section) => new Set(section.topics.map((topic) => topic.toLowerCase()))),
  };
}

function sectionText(
  text: string,
  tokens: readonly AnalyzedToken[],
  intern: (occurrence: { term: string; surface: string }) => number,
): SectionText {
  const bounds = new Int32Array(tokens.length * 2);
  const termStarts = new Int32Array(tokens.length + 1);
  const termIds: number[] = [];
  tokens.forEach((token, index) => {
    bounds[index * 2] = token.start;
    bounds[index * 2 + 1] = token.end;
    termStarts[index] = termIds.length;
    for (const occurrence of token.words) termIds.push(intern(occurrence));
    for (const occurrence of token.compounds) termIds.push(intern(occurrence));
  });
  termStarts[tokens.length] = termIds.length;
  return { text, bounds, termStarts, termIds: Int32Array.from(termIds) };
}
