import { randomUUID } from 'node:crypto';
import { checkNewEntry, checkQueryArguments, checkScope, checkText, defaultImportance, subjectKey } from './checks.js';
import { bm25Scorer, queryTerms, termFrequencies, tokenize, TopK, type RankKey } from './lexical.js';
import type { MemoryBackend, MemoryEntry, MemoryQueryOptions, MemoryScope, NewMemoryEntry } from './types.js';
import { VectorPool } from './vector-pool.js';

const component = 'BuiltinMemoryBackend';

interface StoredEntry {
  entry: MemoryEntry;
  sequence: number;
  terms: Map<string, number>;
  length: number;
  /** Length of its embedding (the pool holding it), 0 without one. */
  dimensions: number;
  subject: string | undefined;
  /** Scratch space of the query running now (queries run synchronously, one at a time). */
  mark: number;
  frequencies: number[];
}

/** One scope's entries and its inverted index (term to the entries holding it). */
interface ScopeIndex {
  entries: Map<string, StoredEntry>;
  /** Per term, the entries holding it and how often. */
  postings: Map<string, Map<StoredEntry, number>>;
  totalLength: number;
  /** Embeddings, one pool per vector length. */
  pools: Map<number, VectorPool<StoredEntry>>;
}

/** Scopes are kept apart by a key no two different scopes share. */
export function scopeKey(scope: MemoryScope): string {
  return JSON.stringify([scope.type, scope.id]);
}

/** The searchable text of an entry: its content and its subject. */
export function searchableText(entry: Pick<NewMemoryEntry, 'content' | 'subject'>): string {
  return entry.subject === undefined ? entry.content : `${entry.content}\n${entry.subject}`;
}

/** A copy of an entry as it was stored: what `store` accepted, with `id` and `createdAt`, never `score`. */
export function storedEntryOf(entry: NewMemoryEntry, id: string, createdAt: string): MemoryEntry {
  const stored: MemoryEntry = { id, content: entry.content, scope: { type: entry.scope.type, id: entry.scope.id }, createdAt };
  if (entry.type !== undefined) stored.type = entry.type;
  if (entry.importance !== undefined) stored.importance = entry.importance;
  if (entry.embedding !== undefined) stored.embedding = [...entry.embedding];
  if (entry.metadata !== undefined) stored.metadata = structuredClone(entry.metadata);
  if (entry.subject !== undefined) stored.subject = entry.subject;
  return stored;
}

/**
 * The in-memory `MemoryBackend`: entries live in the process and vanish with it, which suits tests,
 * prototypes and short-lived agents. Each scope keeps an inverted index, so a lexical query scores only
 * the entries that share a term with it. Ranking is the one `SqliteMemoryBackend` uses: BM25 over
 * stemmed terms of the content and subject (ties by importance, 0.5 when absent, then newest), or cosine
 * similarity against entries that have an embedding of the query's length (kept side by side per scope, so
 * a scan reads memory in order).
 *
 * @example
 * ```ts
 * import { BuiltinMemoryBackend } from '@kit/kit-ai';
 *
 * const memory = new BuiltinMemoryBackend();
 * const scope = { type: 'user', id: 'u-42' };
 * await memory.store({ content: 'Prefers invoices as PDF, sent on the first of the month.', scope, type: 'preference' });
 * const [best] = await memory.query(scope, 'which invoice format?', 3);
 * console.log(best?.content);
 * ```
 */
export class BuiltinMemoryBackend implements MemoryBackend {
  readonly #scopes = new Map<string, ScopeIndex>();
  readonly #byId = new Map<string, { scope: ScopeIndex; stored: StoredEntry }>();
  #sequence = 0;
  #queries = 0;

  /** Stores an entry in its scope and resolves with its new id (a UUID). */
  async store(entry: NewMemoryEntry): Promise<string> {
    checkNewEntry(`${component}.store`, entry);
    const id = randomUUID();
    // The vector is kept once, in the scope's pool, not also in the entry; results get a copy of it.
    const stored = storedEntryOf({ ...entry, embedding: undefined }, id, new Date().toISOString());
    const tokens = tokenize(searchableText(stored));
    const record: StoredEntry = {
      entry: stored,
      sequence: ++this.#sequence,
      terms: termFrequencies(tokens),
      length: tokens.length,
      dimensions: entry.embedding?.length ?? 0,
      subject: stored.subject === undefined ? undefined : subjectKey(stored.subject),
      mark: 0,
      frequencies: [],
    };
    const key = scopeKey(stored.scope);
    let scope = this.#scopes.get(key);
    if (!scope) {
      scope = { entries: new Map(), postings: new Map(), totalLength: 0, pools: new Map() };
      this.#scopes.set(key, scope);
    }
    scope.entries.set(id, record);
    scope.totalLength += record.length;
    if (entry.embedding !== undefined) {
      let pool = scope.pools.get(record.dimensions);
      if (!pool) scope.pools.set(record.dimensions, (pool = new VectorPool(record.dimensions)));
      pool.add(record, entry.embedding);
    }
    for (const [term, frequency] of record.terms) {
      let posting = scope.postings.get(term);
      if (!posting) scope.postings.set(term, (posting = new Map()));
      posting.set(record, frequency);
    }
    this.#byId.set(id, { scope, stored: record });
    return id;
  }

  /** The `k` entries of `scope` most relevant to `text`, best first, each with its `score`. */
  async query(scope: MemoryScope, text: string, k: number, options?: MemoryQueryOptions): Promise<MemoryEntry[]> {
    const count = checkQueryArguments(component, scope, text, k, options);
    const index = this.#scopes.get(scopeKey(scope));
    if (count <= 0 || !index) return [];
    const subject = options?.subject === undefined ? undefined : subjectKey(options.subject);
    const inSubject = (record: StoredEntry): boolean => subject === undefined || record.subject === subject;

    const top = new TopK<{ key: RankKey; record: StoredEntry }>(count);
    const offer = (record: StoredEntry, score: number): void => {
      const key: RankKey = {
        score,
        weight: record.entry.importance ?? defaultImportance,
        time: record.entry.createdAt,
        sequence: record.sequence,
      };
      if (top.admits(key)) top.add({ key, record });
    };

    if (options?.embedding !== undefined) {
      index.pools.get(options.embedding.length)?.scan(Float64Array.from(options.embedding), (record, similarity) => {
        if (inSubject(record)) offer(record, similarity);
      });
    } else {
      const terms = queryTerms(text);
      const score = bm25Scorer(terms, {
        documentCount: index.entries.size,
        averageLength: index.entries.size === 0 ? 0 : index.totalLength / index.entries.size,
        documentFrequency: (term: string) => index.postings.get(term)?.size ?? 0,
      });
      // Gather the candidates from the postings of the query terms, with their frequencies aligned with
      // the terms; marking each entry with the query's number avoids a map per query.
      const mark = ++this.#queries;
      const candidates: StoredEntry[] = [];
      terms.forEach((term, termIndex) => {
        for (const [record, frequency] of index.postings.get(term) ?? []) {
          if (record.mark !== mark) {
            record.mark = mark;
            if (record.frequencies.length !== terms.length) record.frequencies = new Array<number>(terms.length);
            record.frequencies.fill(0);
            candidates.push(record);
          }
          record.frequencies[termIndex] = frequency;
        }
      });
      if (subject !== undefined || terms.length === 0) {
        // With a subject, every entry of the subject is a candidate; without terms, every entry.
        for (const record of index.entries.values()) {
          if (!inSubject(record)) continue;
          offer(record, record.mark === mark ? score.aligned(record.frequencies, record.length) : 0);
        }
      } else {
        for (const record of candidates) {
          const value = score.aligned(record.frequencies, record.length);
          if (value > 0) offer(record, value);
        }
      }
    }
    return top.values().map(({ record, key }) => {
      const entry: MemoryEntry = { ...storedEntryOf(record.entry, record.entry.id, record.entry.createdAt), score: key.score };
      const embedding = index.pools.get(record.dimensions)?.vectorOf(record);
      if (embedding) entry.embedding = embedding;
      return entry;
    });
  }

  /** Deletes one entry; resolves with whether it existed. */
  async remove(id: string): Promise<boolean> {
    checkText(`${component}.remove`, id, 'id');
    const found = this.#byId.get(id);
    if (!found) return false;
    const { scope, stored } = found;
    scope.entries.delete(id);
    scope.totalLength -= stored.length;
    scope.pools.get(stored.dimensions)?.remove(stored);
    for (const term of stored.terms.keys()) {
      const posting = scope.postings.get(term);
      posting?.delete(stored);
      if (posting?.size === 0) scope.postings.delete(term);
    }
    this.#byId.delete(id);
    if (scope.entries.size === 0) this.#scopes.delete(scopeKey(stored.entry.scope));
    return true;
  }

  /** Deletes every entry of a scope. */
  async clear(scope: MemoryScope): Promise<void> {
    checkScope(`${component}.clear`, scope);
    const key = scopeKey(scope);
    const index = this.#scopes.get(key);
    if (!index) return;
    for (const id of index.entries.keys()) this.#byId.delete(id);
    this.#scopes.delete(key);
  }
}
