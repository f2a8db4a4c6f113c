import { splitIdentifier } from './analysis/identifier.js';
import { normalizeText } from './analysis/normalize.js';
import { stemWord } from './analysis/stem.js';
import { tokenize } from './analysis/tokenize.js';
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

const NO_POSITIONS: readonly number[] = [];

interface PendingPosting {
  docs: number[];
  strength: number[];
  positions: (readonly number[])[];
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

  // Each distinct token is split, stemmed and interned once; a corpus repeats its tokens many times.
  const tokenTerms = new Map<string, TokenTerms>();
  const termsOf = (raw: string): TokenTerms => {
    let known = tokenTerms.get(raw);
    if (known === undefined) {
      known = internToken(vocabulary, raw);
      tokenTerms.set(raw, known);
    }
    return known;
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
      const isText = field === 'text';
      const isHeading = field === 'heading';
      const frequencies = new Map<number, number>();
      const positionsOfTerm = new Map<number, number[]>();
      const perPosition: number[][] = [];
      const bounds: number[] = [];
      const termStarts: number[] = [];
      const termIds: number[] = [];
      let position = 0;
      const record = (id: number, at: number): void => {
        frequencies.set(id, (frequencies.get(id) ?? 0) + 1);
        if (isText) {
          const list = positionsOfTerm.get(id);
          if (list === undefined) positionsOfTerm.set(id, [at]);
          else list.push(at);
          termIds.push(id);
        }
        if (isHeading) (perPosition[at] ??= []).push(id);
      };
      for (const raw of tokenize(normalised)) {
        const terms = termsOf(raw.text);
        if (terms.wordIds.length === 0) continue;
        if (isText) {
          bounds.push(raw.start, raw.end);
          termStarts.push(termIds.length);
        }
        terms.wordIds.forEach((id, index) => record(id, position + index));
        terms.compoundIds.forEach((id, index) => record(id, position + terms.compoundFirstWords[index]!));
        position += terms.wordIds.length;
      }
      fieldTerms[fieldIndex]![doc] = frequencies;
      fieldLengths[fieldIndex]![doc] = position;
      if (isText) {
        textPositions[doc] = positionsOfTerm;
        termStarts.push(termIds.length);
        texts[doc] = {
          text: normalised,
          bounds: Int32Array.from(bounds),
          termStarts: Int32Array.from(termStarts),
          termIds: Int32Array.from(termIds),
        };
      }
      if (isHeading) {
        headingTerms[doc] = perPosition;
        headingLength[doc] = position;
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
      posting.positions.push(positionsOfTerm.get(id) ?? NO_POSITIONS);
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

/** The term ids of one distinct raw token: its words in order, then its whole identifiers. */
interface TokenTerms {
  readonly wordIds: readonly number[];
  readonly compoundIds: readonly number[];
  /** For each whole identifier, the index of the word it starts at. */
  readonly compoundFirstWords: readonly number[];
}

function internToken(vocabulary: Vocabulary, raw: string): TokenTerms {
  const parts = splitIdentifier(raw);
  const wordIds = parts.words.map((surface) => {
    const id = vocabulary.intern(stemWord(surface));
    vocabulary.addSurface(surface, id);
    return id;
  });
  const compoundIds = parts.compounds.map(({ form }) => {
    const id = vocabulary.intern(form);
    vocabulary.addSurface(form, id);
    return id;
  });
  return { wordIds, compoundIds, compoundFirstWords: parts.compounds.map((compound) => compound.firstWord) };
}
