import { analyze } from './analysis/analyze.js';
import { splitIdentifier } from './analysis/identifier.js';
import { singular } from './analysis/plural.js';
import { normalizeText } from './analysis/normalize.js';
import { stemWord } from './analysis/stem.js';
import { isStopWord } from './analysis/stop-words.js';
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
  /** The singular form of each heading word, by position (see `analysis/plural.ts`). */
  readonly headingForms: readonly (readonly string[])[];
  /**
   * Per heading word position, whether the word says what the section is about: false for function
   * words (`a`, `the`) and for the `Overview` that stands in for the heading of a document's introduction.
   */
  readonly headingNaming: readonly (readonly boolean[])[];
  /** Number of words in each section's heading. */
  readonly headingLength: Int32Array;
  /** 1 when the heading names one function and nothing else (`redirect()`, `c.req.param()`), else 0. */
  readonly headingCall: Uint8Array;
  readonly texts: readonly SectionText[];
  readonly topics: readonly ReadonlySet<string>[];
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
  const tokenTerms = new Map<string, TokenTerms>();
  // Document titles and topic lists repeat for every section of a document: analyse each once.
  const sharedFields = new Map<string, FieldAnalysis>();
  const analysed: FieldAnalysis[][] = FIELDS.map(() => new Array<FieldAnalysis>(count));
  const texts: SectionText[] = new Array<SectionText>(count);

  for (let doc = 0; doc < count; doc += 1) {
    const section = sections[doc]!;
    const sources = [
      section.documentTitle,
      effectiveHeading(section),
      section.code,
      section.text,
      section.topics.join(' '),
      leadOf(section),
    ];
    for (let field = 0; field < FIELDS.length; field += 1) {
      const source = sources[field]!;
      const shared = field === TITLE || field === TOPICS;
      let analysis = shared ? sharedFields.get(source) : undefined;
      if (analysis === undefined) {
        const normalised = normalizeText(source);
        analysis = analyseField(normalised, vocabulary, tokenTerms, field === TEXT);
        if (shared) sharedFields.set(source, analysis);
        if (field === TEXT) {
          texts[doc] = { text: normalised, bounds: analysis.bounds!, termStarts: analysis.termStarts!, termIds: analysis.ids };
        }
      }
      analysed[field]![doc] = analysis;
    }
  }

  const averageLengths = analysed.map((fieldAnalyses) => {
    let total = 0;
    for (const analysis of fieldAnalyses) total += analysis.length;
    return count === 0 ? 1 : Math.max(total / count, 1);
  });
  const weights = FIELDS.map((field) => FIELD_PARAMETERS[field].weight);
  const lengthNormalisations = FIELDS.map((field) => FIELD_PARAMETERS[field].lengthNormalisation);

  const termCount = vocabulary.terms.length;
  const pendingDocs: number[][] = Array.from({ length: termCount }, () => []);
  const pendingStrength: number[][] = Array.from({ length: termCount }, () => []);
  // Text positions of every term, section after section, and where each posting's positions start.
  const pendingPositions: number[][] = Array.from({ length: termCount }, () => []);
  const pendingStarts: number[][] = Array.from({ length: termCount }, () => []);
  const positionsInDoc = new Int32Array(termCount);
  const weighted = new Float64Array(termCount);
  const touched: number[] = [];
  const headingTerms: number[][][] = new Array<number[][]>(count);
  const headingLength = new Int32Array(count);
  const headingCall = new Uint8Array(count);
  const headingForms: string[][] = new Array<string[]>(count);
  const headingNaming: boolean[][] = new Array<boolean[]>(count);

  for (let doc = 0; doc < count; doc += 1) {
    for (let field = 0; field < FIELDS.length; field += 1) {
      const { ids, length } = analysed[field]![doc]!;
      const b = lengthNormalisations[field]!;
      // BM25F: each field's frequency is normalised by its own length before the fields are summed.
      const share = weights[field]! / (1 - b + (b * length) / averageLengths[field]!);
      for (let index = 0; index < ids.length; index += 1) {
        const id = ids[index]!;
        if (weighted[id] === 0) touched.push(id);
        weighted[id] = weighted[id]! + share;
      }
    }
    const text = analysed[TEXT]![doc]!;
    for (let index = 0; index < text.ids.length; index += 1) {
      const id = text.ids[index]!;
      pendingPositions[id]!.push(text.positions[index]!);
      positionsInDoc[id] = positionsInDoc[id]! + 1;
    }
    for (const id of touched) {
      const tf = weighted[id]!;
      weighted[id] = 0;
      pendingDocs[id]!.push(doc);
      pendingStrength[id]!.push(tf / (K1 + tf));
      pendingStarts[id]!.push(pendingPositions[id]!.length - positionsInDoc[id]!);
      positionsInDoc[id] = 0;
    }
    touched.length = 0;

    const heading = analysed[HEADING]![doc]!;
    const perPosition: number[][] = [];
    for (let index = 0; index < heading.ids.length; index += 1) (perPosition[heading.positions[index]!] ??= []).push(heading.ids[index]!);
    headingTerms[doc] = perPosition;
    headingLength[doc] = heading.length;
    headingCall[doc] = isCallHeading(sections[doc]!.heading) ? 1 : 0;
    const forms = analyze(normalizeText(effectiveHeading(sections[doc]!))).flatMap((token) =>
      token.words.map((word) => singular(word.surface)),
    );
    headingForms[doc] = forms;
    const overview = sections[doc]!.heading === OVERVIEW;
    headingNaming[doc] = forms.map((form, position) => !isStopWord(form) && !(overview && position === forms.length - 1));
  }

  const postings: Posting[] = new Array<Posting>(termCount);
  const idf = new Float64Array(termCount);
  for (let id = 0; id < termCount; id += 1) {
    const positions = Int32Array.from(pendingPositions[id]!);
    const starts = pendingStarts[id]!;
    starts.push(positions.length);
    const docs = Int32Array.from(pendingDocs[id]!);
    postings[id] = { docs, strength: Float32Array.from(pendingStrength[id]!), positionStarts: Int32Array.from(starts), positions };
    // BM25's idf, always positive: ln(1 + (N - df + 0.5) / (df + 0.5)).
    idf[id] = Math.log(1 + (count - docs.length + 0.5) / (docs.length + 0.5));
  }
  vocabulary.freeze();

  return {
    ids: sections.map((section) => section.id),
    vocabulary,
    postings,
    idf,
    headingTerms,
    headingForms,
    headingNaming,
    headingLength,
    headingCall,
    texts,
    topics: sections.map((section) => new Set(section.topics.map((topic) => topic.toLowerCase()))),
  };
}

const TITLE = FIELDS.indexOf('title');
const HEADING = FIELDS.indexOf('heading');
const TEXT = FIELDS.indexOf('text');
const TOPICS = FIELDS.indexOf('topics');

/** One field of one section, analysed: its term occurrences with their word positions. */
interface FieldAnalysis {
  /** Term id of every occurrence (words, then the token's whole identifiers, token by token). */
  readonly ids: Int32Array;
  /** Word position of every occurrence. */
  readonly positions: Int32Array;
  /** Number of words. */
  readonly length: number;
  /** For the text field: token offsets and where each token's occurrences start (see SectionText). */
  readonly bounds?: Int32Array;
  readonly termStarts?: Int32Array;
}

function analyseField(text: string, vocabulary: Vocabulary, tokenTerms: Map<string, TokenTerms>, withBounds: boolean): FieldAnalysis {
  const ids: number[] = [];
  const positions: number[] = [];
  const bounds: number[] = [];
  const termStarts: number[] = [];
  let position = 0;
  for (const raw of tokenize(text)) {
    let terms = tokenTerms.get(raw.text);
    if (terms === undefined) {
      terms = internToken(vocabulary, raw.text);
      tokenTerms.set(raw.text, terms);
    }
    const words = terms.wordIds.length;
    if (words === 0) continue;
    if (withBounds) {
      bounds.push(raw.start, raw.end);
      termStarts.push(ids.length);
    }
    for (let index = 0; index < words; index += 1) {
      ids.push(terms.wordIds[index]!);
      positions.push(position + index);
    }
    for (let index = 0; index < terms.compoundIds.length; index += 1) {
      ids.push(terms.compoundIds[index]!);
      positions.push(position + terms.compoundFirstWords[index]!);
    }
    position += words;
  }
  termStarts.push(ids.length);
  return {
    ids: Int32Array.from(ids),
    positions: Int32Array.from(positions),
    length: position,
    ...(withBounds ? { bounds: Int32Array.from(bounds), termStarts: Int32Array.from(termStarts) } : {}),
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
    vocabulary.markCompound(id);
    return id;
  });
  return { wordIds, compoundIds, compoundFirstWords: parts.compounds.map((compound) => compound.firstWord) };
}

/**
 * The heading that names a section: for the text before a document's first heading (`Overview`),
 * the document's title, which is what that text introduces.
 */
function effectiveHeading(section: SearchableSection): string {
  return section.heading === OVERVIEW ? `${section.documentTitle} ${OVERVIEW}` : section.heading;
}

const OVERVIEW = 'Overview';

/**
 * Whether a heading names one function and nothing else: `redirect()`, `c.req.param()`, `` `useRouter()` ``.
 * API references give each function such a section, its canonical entry.
 *
 * @example
 * ```ts
 * import { isCallHeading } from './build.js';
 *
 * isCallHeading('redirect()'); // true
 * isCallHeading('Custom Response'); // false
 * ```
 */
export function isCallHeading(heading: string): boolean {
  return /^`?[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*\(\)`?$/u.test(heading.trim());
}

/** How many lines of a section's text may come before its lead (code lines are skipped). */
const LEAD_SEARCH_LINES = 3;
/** A line of an option's facts (`Default: false`, `Type: Boolean`, `Added in: v9.0.0`), not prose. */
const metadataLine =
  /^(?:default|defaults|type|types|added in|since|deprecated|required|possible values|valid values|values|env|environment variable|scope|alias|aliases)\s*:/iu;
/** The lead is cut at this many words. */
const LEAD_WORDS = 30;

/**
 * The lead of a section: its first sentence of prose (at most 30 words), which in documentation
 * usually says in words what the section is for ("Get querystring parameters.", "Shows all
 * packages that depend on the specified package."). A line that is code (found in the section's
 * `code`) is not prose and is skipped, and so is a line of an option's facts (`Default: false`,
 * `Type: Boolean`); a section that starts with a long code block has no lead.
 *
 * @example
 * ```ts
 * import { leadOf } from './build.js';
 *
 * leadOf({ id: 'a', documentTitle: 'A', heading: 'query()', text: 'Get querystring parameters. More text.', code: '', topics: [] }); // 'Get querystring parameters.'
 * ```
 */
export function leadOf(section: SearchableSection): string {
  const lines = section.text.split('\n');
  let limit = LEAD_SEARCH_LINES;
  for (let index = 0; index < Math.min(lines.length, limit); index += 1) {
    const line = lines[index]!.trim();
    if (line === '' || (section.code !== '' && section.code.includes(line))) continue;
    // An option's `Default: false` / `Type: Boolean` lines say nothing of what it is for; the
    // sentence after them does, so they are passed over and do not count against the three lines.
    if (metadataLine.test(line)) {
      limit += 1;
      continue;
    }
    const sentence = /^(.*?[.!?])(?:\s|$)/u.exec(line)?.[1] ?? line;
    return sentence.split(/\s+/u).slice(0, LEAD_WORDS).join(' ');
  }
  return '';
}
