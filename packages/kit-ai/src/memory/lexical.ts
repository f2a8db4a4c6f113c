import { stemmer } from 'stemmer';

/**
 * Lexical relevance shared by every store of kit-ai (both memory backends, both evolution stores), so
 * that an entry ranks the same wherever it is kept. BM25 over stemmed, stop-word-free tokens; the stores
 * only differ in how they find candidates and corpus statistics (a map in memory, an index table in
 * SQLite).
 */

// Words that carry no topic. Without this list, a goal like "what is the user's name" would match every
// memory through "the" and "is", with a small but positive BM25 score.
const stopWords = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both but by ' +
    'can could did do does doing down during each few for from further had has have having he her here hers herself him ' +
    'himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other ' +
    'our ours ourselves out over own same she should so some such than that the their theirs them themselves then there ' +
    'these they this those through to too under until up very was we were what when where which while who whom why will ' +
    'with would you your yours yourself yourselves s t'
  ).split(' '),
);

/** Whether a lower-case word is a stop word (a word that carries no topic, such as `the` or `which`). */
export function isStopWord(word: string): boolean {
  return stopWords.has(word);
}

/** BM25 term-frequency saturation and length normalisation, the usual defaults. */
const k1 = 1.2;
const b = 0.75;

/**
 * The terms of a text: lower-cased, accents removed, split on anything that is not a letter or digit,
 * stop words dropped, English words reduced to their Porter stem (`preferences` and `preferred` both
 * become `prefer`). Words with digits and words of one or two letters are kept as they are.
 */
export function tokenize(text: string): string[] {
  const terms: string[] = [];
  const folded = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
  for (const word of folded.split(/[^\p{L}\p{N}]+/u)) {
    if (word === '' || stopWords.has(word)) continue;
    terms.push(word.length <= 2 || /\p{N}/u.test(word) ? word : stemmer(word));
  }
  return terms;
}

/** How often each term occurs in a list of terms. */
export function termFrequencies(terms: readonly string[]): Map<string, number> {
  const frequencies = new Map<string, number>();
  for (const term of terms) frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
  return frequencies;
}

/** The distinct terms of a query, in first-seen order. */
export function queryTerms(text: string): string[] {
  return [...new Set(tokenize(text))];
}

/** Statistics of the collection a document is ranked in (one memory scope, one store's strategies). */
export interface CorpusStatistics {
  documentCount: number;
  /** Mean number of terms per document. */
  averageLength: number;
  /** Documents holding the term. */
  documentFrequency(term: string): number;
}

/** What BM25 needs of one document. */
export interface LexicalDocument {
  /** Frequencies of (at least) the query terms in the document. */
  termFrequencies: ReadonlyMap<string, number>;
  /** Number of terms in the document. */
  length: number;
}

/** Scores documents for one query over one collection (see `bm25Scorer`). */
export interface Bm25Scorer {
  /** The score of a document given its term frequencies. */
  (document: LexicalDocument): number;
  /** The same from frequencies aligned with the query terms (`frequencies[i]` for `terms[i]`). */
  aligned(frequencies: ArrayLike<number>, length: number): number;
}

/**
 * A BM25 scorer for one query over one collection: the IDF of each query term is computed once, so scoring
 * a candidate costs one map lookup per query term. A document without any query term scores 0.
 */
export function bm25Scorer(terms: readonly string[], corpus: CorpusStatistics): Bm25Scorer {
  // The "+1" form of IDF stays positive even for a term in every document, so a match always counts.
  const idf = terms.map((term) => {
    const df = corpus.documentFrequency(term);
    return Math.log(1 + (corpus.documentCount - df + 0.5) / (df + 0.5));
  });
  const averageLength = corpus.averageLength;
  const aligned = (frequencies: ArrayLike<number>, length: number): number => {
    let score = 0;
    const lengthNorm = k1 * (1 - b + b * (averageLength > 0 ? length / averageLength : 1));
    for (let index = 0; index < idf.length; index++) {
      const frequency = frequencies[index] ?? 0;
      if (frequency > 0) score += ((idf[index] as number) * frequency * (k1 + 1)) / (frequency + lengthNorm);
    }
    return score;
  };
  const scorer = ((document: LexicalDocument) => {
    let score = 0;
    const lengthNorm = k1 * (1 - b + b * (averageLength > 0 ? document.length / averageLength : 1));
    for (let index = 0; index < idf.length; index++) {
      const frequency = document.termFrequencies.get(terms[index] as string) ?? 0;
      if (frequency > 0) score += ((idf[index] as number) * frequency * (k1 + 1)) / (frequency + lengthNorm);
    }
    return score;
  }) as Bm25Scorer;
  scorer.aligned = aligned;
  return scorer;
}

/** BM25 score of one document for the (distinct) query terms; 0 when it holds none of them. */
export function bm25Score(terms: readonly string[], document: LexicalDocument, corpus: CorpusStatistics): number {
  return bm25Scorer(terms, corpus)(document);
}

/**
 * A ranked item: its relevance, then the tie-breakers. `weight` is importance for memories and utility
 * for strategies and skills; `time` is an ISO 8601 string (newer wins); `sequence` is the insertion order
 * (later wins), which separates entries stored within the same millisecond.
 */
export interface RankKey {
  score: number;
  weight: number;
  time: string;
  sequence: number;
}

// Scores computed from the same inputs in a different order can differ in the last bits; such scores are
// ties, so the documented tie-breakers decide rather than floating-point noise.
const scoreTolerance = 1e-9;

/** Best first: higher score, then higher weight, then newer time, then later insertion. */
export function compareRankKeys(left: RankKey, right: RankKey): number {
  const scale = Math.max(1, Math.abs(left.score), Math.abs(right.score));
  if (Math.abs(left.score - right.score) > scoreTolerance * scale) return right.score - left.score;
  if (left.weight !== right.weight) return right.weight - left.weight;
  if (left.time !== right.time) return left.time < right.time ? 1 : -1;
  return right.sequence - left.sequence;
}

/**
 * Keeps the `k` best of a stream of ranked items without sorting them all: a candidate worse than the
 * current k-th is rejected with one comparison, which matters when a common term makes most of a scope
 * a candidate.
 */
export class TopK<T extends { key: RankKey }> {
  readonly #k: number;
  readonly #items: T[] = [];
  // Past this k (listing a whole collection), keeping a sorted list costs more than one sort at the end.
  readonly #collectAll: boolean;

  constructor(k: number) {
    this.#k = Math.max(0, Math.floor(k));
    this.#collectAll = this.#k > 256;
  }

  /** Whether an item with this key would enter the top k (lets a caller skip building the item). */
  admits(key: RankKey): boolean {
    if (this.#collectAll || this.#items.length < this.#k) return this.#k > 0;
    const worst = this.#items[this.#items.length - 1];
    return worst !== undefined && compareRankKeys(key, worst.key) < 0;
  }

  add(item: T): void {
    if (!this.admits(item.key)) return;
    if (this.#collectAll) {
      this.#items.push(item);
      return;
    }
    // Binary search for the insertion point keeps the list sorted best first.
    let low = 0;
    let high = this.#items.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (compareRankKeys((this.#items[middle] as T).key, item.key) <= 0) low = middle + 1;
      else high = middle;
    }
    this.#items.splice(low, 0, item);
    if (this.#items.length > this.#k) this.#items.pop();
  }

  /** The kept items, best first. */
  values(): T[] {
    if (this.#collectAll) return [...this.#items].sort((left, right) => compareRankKeys(left.key, right.key)).slice(0, this.#k);
    return [...this.#items];
  }
}

/** An item of a small collection ranked entirely in memory. */
export interface RankableText<T> {
  item: T;
  text: string;
  weight: number;
  time: string;
  sequence: number;
}

/**
 * Ranks a collection held in memory against a query: the `k` best items with a positive BM25 score,
 * best first. A query with no terms (empty, or only stop words) ranks every item by weight, then time.
 * `k` of 0 or less gives `[]`.
 */
export function rankTexts<T>(query: string, items: readonly RankableText<T>[], k: number): { item: T; score: number }[] {
  if (!(k > 0)) return [];
  const terms = queryTerms(query);
  const documents = items.map((entry) => {
    const tokens = tokenize(entry.text);
    return { entry, tokens: termFrequencies(tokens), length: tokens.length };
  });
  const top = new TopK<{ key: RankKey; item: T }>(k);
  if (terms.length === 0) {
    for (const { entry } of documents)
      top.add({ item: entry.item, key: { score: 0, weight: entry.weight, time: entry.time, sequence: entry.sequence } });
  } else {
    const frequency = new Map<string, number>();
    let totalLength = 0;
    for (const document of documents) {
      totalLength += document.length;
      for (const term of terms) if (document.tokens.has(term)) frequency.set(term, (frequency.get(term) ?? 0) + 1);
    }
    const score = bm25Scorer(terms, {
      documentCount: documents.length,
      averageLength: documents.length === 0 ? 0 : totalLength / documents.length,
      documentFrequency: (term) => frequency.get(term) ?? 0,
    });
    for (const document of documents) {
      const value = score({ termFrequencies: document.tokens, length: document.length });
      if (value > 0)
        top.add({
          item: document.entry.item,
          key: { score: value, weight: document.entry.weight, time: document.entry.time, sequence: document.entry.sequence },
        });
    }
  }
  return top.values().map(({ item, key }) => ({ item, score: key.score }));
}
