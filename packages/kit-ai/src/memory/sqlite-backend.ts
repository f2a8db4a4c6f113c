import { randomUUID } from 'node:crypto';
import { scopeKey, searchableText, storedEntryOf } from './builtin-backend.js';
import { checkNewEntry, checkQueryArguments, checkRecord, checkScope, checkText, defaultImportance, subjectKey } from './checks.js';
import { bm25Scorer, queryTerms, termFrequencies, tokenize, TopK, type RankKey } from './lexical.js';
import {
  blobToVector,
  guardStore,
  openStoreDatabase,
  statementCache,
  vectorToBlob,
  type ComponentSchema,
  type SqliteConnection,
  type Statement,
} from './sqlite-database.js';
import type { MemoryBackend, MemoryEntry, MemoryQueryOptions, MemoryScope, NewMemoryEntry } from './types.js';
import { VectorPool } from './vector-pool.js';

const component = 'SqliteMemoryBackend';

/** Options of `SqliteMemoryBackend`. */
export interface SqliteMemoryBackendOptions {
  /**
   * The database file, relative to the working directory; its folder is created when missing. `:memory:`
   * keeps the database in the process only. Default `./.kit/memory.sqlite`.
   */
  path?: string;
}

// Version 1. Terms are indexed by kit-ai's own tokenizer rather than FTS5's, so that both backends find
// and score exactly the same entries, with BM25 statistics per scope (FTS5's bm25() counts the whole table).
// A trigger keeps the term index right whatever deletes an entry. The scope index covers what ranking reads
// of every entry, and the large columns come last, so loading a scope never reads contents or vectors.
const schema: ComponentSchema = {
  name: 'memory',
  migrations: [
    `CREATE TABLE memory_entries (
       seq INTEGER PRIMARY KEY AUTOINCREMENT,
       id TEXT NOT NULL UNIQUE,
       scope_type TEXT NOT NULL,
       scope_id TEXT NOT NULL,
       term_count INTEGER NOT NULL,
       importance REAL,
       created_at TEXT NOT NULL,
       subject_key TEXT,
       subject TEXT,
       type TEXT,
       metadata TEXT,
       content TEXT NOT NULL,
       embedding BLOB
     );
     CREATE INDEX memory_entries_scope ON memory_entries (scope_type, scope_id, term_count, importance, created_at, subject_key);
     CREATE TABLE memory_terms (
       scope_type TEXT NOT NULL,
       scope_id TEXT NOT NULL,
       term TEXT NOT NULL,
       seq INTEGER NOT NULL,
       frequency INTEGER NOT NULL,
       PRIMARY KEY (scope_type, scope_id, term, seq)
     ) WITHOUT ROWID;
     CREATE INDEX memory_terms_entry ON memory_terms (seq);
     CREATE TRIGGER memory_entries_removed AFTER DELETE ON memory_entries BEGIN
       DELETE FROM memory_terms WHERE seq = OLD.seq;
     END;`,
  ],
};

/** The statements of the backend. */
const sql = {
  insertEntry: `INSERT INTO memory_entries (id, scope_type, scope_id, content, subject, subject_key, type, importance, metadata, embedding, term_count, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  insertTerm: 'INSERT INTO memory_terms (scope_type, scope_id, term, seq, frequency) VALUES (?, ?, ?, ?, ?)',
  entriesBySeq: 'SELECT * FROM memory_entries WHERE seq IN (SELECT value FROM json_each(?))',
  postings:
    'SELECT term, seq, frequency FROM memory_terms WHERE scope_type = ? AND scope_id = ? AND term IN (SELECT value FROM json_each(?))',
  vectors: 'SELECT seq, embedding FROM memory_entries WHERE scope_type = ? AND scope_id = ? AND embedding IS NOT NULL',
  scopeMeta: 'SELECT seq, term_count, importance, created_at, subject_key FROM memory_entries WHERE scope_type = ? AND scope_id = ?',
  entryById: 'SELECT seq, scope_type, scope_id FROM memory_entries WHERE id = ?',
  deleteEntry: 'DELETE FROM memory_entries WHERE seq = ?',
  deleteScope: 'DELETE FROM memory_entries WHERE scope_type = ? AND scope_id = ?',
  // Changes when another connection commits to the file; this connection's own commits leave it alone.
  dataVersion: 'PRAGMA data_version',
} as const;

interface EntryRow {
  seq: number;
  id: string;
  scope_type: string;
  scope_id: string;
  content: string;
  subject: string | null;
  type: string | null;
  importance: number | null;
  metadata: string | null;
  embedding: Buffer | null;
  created_at: string;
}

/** What ranking needs of an entry besides its terms and vector. */
interface EntryMeta {
  seq: number;
  length: number;
  weight: number;
  createdAt: string;
  subject: string | null;
}

/**
 * What this process knows of a scope: its entries' metadata (for BM25 statistics, tie-breakers and subject
 * filters), the postings of the terms queried so far, and, after the first embedding query, its vectors.
 */
interface ScopeCache {
  meta: Map<number, EntryMeta>;
  totalLength: number;
  /** Postings of the terms queried so far: term to (seq to frequency); an empty map for a term no entry holds. */
  postings: Map<string, Map<number, number>>;
  /** Embeddings, one pool per vector length; loaded by the first embedding query. */
  vectors: Map<number, VectorPool<EntryMeta>> | undefined;
}

function entryOf(row: EntryRow): MemoryEntry {
  const entry: MemoryEntry = {
    id: row.id,
    content: row.content,
    scope: { type: row.scope_type, id: row.scope_id },
    createdAt: row.created_at,
  };
  if (row.type !== null) entry.type = row.type;
  if (row.importance !== null) entry.importance = row.importance;
  if (row.embedding !== null) entry.embedding = Array.from(blobToVector(row.embedding));
  if (row.metadata !== null) entry.metadata = JSON.parse(row.metadata) as Record<string, unknown>;
  if (row.subject !== null) entry.subject = row.subject;
  return entry;
}

/** Adds a vector to the pool of its length. */
function addVector(pools: Map<number, VectorPool<EntryMeta>>, meta: EntryMeta, vector: ArrayLike<number>): void {
  let pool = pools.get(vector.length);
  if (!pool) pools.set(vector.length, (pool = new VectorPool(vector.length)));
  pool.add(meta, vector);
}

function keyOf(meta: EntryMeta, score: number): RankKey {
  return { score, weight: meta.weight, time: meta.createdAt, sequence: meta.seq };
}

/**
 * The persistent `MemoryBackend`, on SQLite (better-sqlite3): memories survive restarts, and several
 * processes may share one file (WAL journal). It finds and ranks entries exactly as `BuiltinMemoryBackend`
 * does: BM25 over stemmed terms of the content and subject, statistics per scope, ties by importance (0.5
 * when absent) then newest; or cosine similarity with `options.embedding`, against the entries that have an
 * embedding of the same length. Embeddings are kept as 64-bit floats and read back exactly.
 *
 * The term index lives in the file. What ranking reads is cached per scope in the process once a query
 * needed it (entry lengths, importance and times; the postings of the terms queried; the vectors after an
 * embedding query), kept in step with this backend's own writes, and dropped when another connection has
 * written to the file. Call `close()` when done.
 *
 * @example
 * ```ts
 * import { SqliteMemoryBackend } from '@kit/kit-ai';
 *
 * const memory = new SqliteMemoryBackend({ path: './.kit/memory.sqlite' });
 * const scope = { type: 'project', id: 'atlas' };
 * await memory.store({ content: 'Deploys go out on Tuesdays after the 10:00 stand-up.', scope, type: 'fact', importance: 0.8 });
 * const found = await memory.query(scope, 'when do we deploy?', 5);
 * console.log(found.map((entry) => entry.content));
 * memory.close();
 * ```
 */
export class SqliteMemoryBackend implements MemoryBackend {
  /** The absolute path of the database file (or `:memory:`). */
  readonly path: string;
  readonly #db: SqliteConnection;
  readonly #sql: (sql: string, raw?: boolean) => Statement;
  readonly #scopes = new Map<string, ScopeCache>();
  #cacheVersion: number;

  constructor(options: SqliteMemoryBackendOptions = {}) {
    checkRecord(component, options, 'options');
    const opened = openStoreDatabase(component, options.path ?? './.kit/memory.sqlite', schema);
    this.#db = opened.connection;
    this.#sql = statementCache(this.#db);
    this.path = opened.location;
    this.#cacheVersion = this.#dataVersion();
  }

  /** Stores an entry in its scope and resolves with its new id (a UUID). */
  async store(entry: NewMemoryEntry): Promise<string> {
    checkNewEntry(`${component}.store`, entry);
    return this.#guard(() => {
      const id = randomUUID();
      const stored = storedEntryOf(entry, id, new Date().toISOString());
      const terms = termFrequencies(tokenize(searchableText(stored)));
      let length = 0;
      for (const frequency of terms.values()) length += frequency;
      const subject = stored.subject === undefined ? null : subjectKey(stored.subject);
      const insert = this.#db.transaction(() => {
        const { lastInsertRowid } = this.#sql(sql.insertEntry).run(
          id,
          stored.scope.type,
          stored.scope.id,
          stored.content,
          stored.subject ?? null,
          subject,
          stored.type ?? null,
          stored.importance ?? null,
          stored.metadata === undefined ? null : JSON.stringify(stored.metadata),
          stored.embedding === undefined ? null : vectorToBlob(stored.embedding),
          length,
          stored.createdAt,
        );
        const seq = Number(lastInsertRowid);
        const addTerm = this.#sql(sql.insertTerm);
        for (const [term, frequency] of terms) addTerm.run(stored.scope.type, stored.scope.id, term, seq, frequency);
        return seq;
      });
      const seq = insert.immediate();
      // Keep a loaded cache in step with this write, unless another connection wrote too (then it reloads).
      this.#syncCache();
      const cache = this.#scopes.get(scopeKey(stored.scope));
      if (cache) {
        const meta: EntryMeta = { seq, length, weight: stored.importance ?? defaultImportance, createdAt: stored.createdAt, subject };
        cache.meta.set(seq, meta);
        cache.totalLength += length;
        for (const [term, frequency] of terms) cache.postings.get(term)?.set(seq, frequency);
        if (stored.embedding !== undefined && cache.vectors) addVector(cache.vectors, meta, stored.embedding);
      }
      return id;
    });
  }

  /** The `k` entries of `scope` most relevant to `text`, best first, each with its `score`. */
  async query(scope: MemoryScope, text: string, k: number, options?: MemoryQueryOptions): Promise<MemoryEntry[]> {
    const count = checkQueryArguments(component, scope, text, k, options);
    if (count <= 0) return [];
    return this.#guard(() => {
      const subject = options?.subject === undefined ? undefined : subjectKey(options.subject);
      const top = new TopK<{ key: RankKey }>(count);
      if (options?.embedding === undefined) this.#rankLexically(scope, text, subject, top);
      else this.#rankByVector(scope, options.embedding, subject, top);
      const keys = top.values().map(({ key }) => key);
      if (keys.length === 0) return [];
      const rows = this.#sql(sql.entriesBySeq).all(JSON.stringify(keys.map((key) => key.sequence))) as EntryRow[];
      const bySeq = new Map(rows.map((row) => [row.seq, row]));
      return keys.flatMap((key) => {
        const row = bySeq.get(key.sequence);
        return row ? [{ ...entryOf(row), score: key.score }] : [];
      });
    });
  }

  #rankLexically(scope: MemoryScope, text: string, subject: string | undefined, top: TopK<{ key: RankKey }>): void {
    const cache = this.#scope(scope);
    const terms = queryTerms(text);
    const inSubject = (meta: EntryMeta): boolean => subject === undefined || meta.subject === subject;
    const offer = (meta: EntryMeta, score: number): void => {
      const key = keyOf(meta, score);
      if (top.admits(key)) top.add({ key });
    };
    if (terms.length === 0) {
      for (const meta of cache.meta.values()) if (inSubject(meta)) offer(meta, 0);
      return;
    }
    const missing = terms.filter((term) => !cache.postings.has(term));
    if (missing.length > 0) {
      for (const term of missing) cache.postings.set(term, new Map());
      // Rows as arrays (cheaper than objects): [term, seq, frequency].
      const rows = this.#sql(sql.postings, true).all(scope.type, scope.id, JSON.stringify(missing)) as [string, number, number][];
      for (const [term, seq, frequency] of rows) cache.postings.get(term)?.set(seq, frequency);
    }
    // Per candidate, its frequencies aligned with the query terms.
    const candidates = new Map<number, number[]>();
    terms.forEach((term, index) => {
      for (const [seq, frequency] of cache.postings.get(term) ?? []) {
        let frequencies = candidates.get(seq);
        if (!frequencies) candidates.set(seq, (frequencies = new Array<number>(terms.length).fill(0)));
        frequencies[index] = frequency;
      }
    });
    const score = bm25Scorer(terms, {
      documentCount: cache.meta.size,
      averageLength: cache.meta.size === 0 ? 0 : cache.totalLength / cache.meta.size,
      documentFrequency: (term) => cache.postings.get(term)?.size ?? 0,
    });
    const none: number[] = [];
    if (subject !== undefined) {
      // Every entry of the subject is a candidate, whether or not it holds a query term.
      for (const meta of cache.meta.values())
        if (meta.subject === subject) offer(meta, score.aligned(candidates.get(meta.seq) ?? none, meta.length));
      return;
    }
    for (const [seq, frequencies] of candidates) {
      const meta = cache.meta.get(seq);
      if (!meta) continue;
      const value = score.aligned(frequencies, meta.length);
      if (value > 0) offer(meta, value);
    }
  }

  #rankByVector(scope: MemoryScope, embedding: number[], subject: string | undefined, top: TopK<{ key: RankKey }>): void {
    const cache = this.#scope(scope);
    if (!cache.vectors) {
      const vectors = new Map<number, VectorPool<EntryMeta>>();
      for (const [seq, blob] of this.#sql(sql.vectors, true).iterate(scope.type, scope.id) as IterableIterator<[number, Buffer]>) {
        const meta = cache.meta.get(seq);
        if (meta) addVector(vectors, meta, blobToVector(blob));
      }
      cache.vectors = vectors;
    }
    cache.vectors.get(embedding.length)?.scan(Float64Array.from(embedding), (meta, similarity) => {
      if (subject !== undefined && meta.subject !== subject) return;
      const key = keyOf(meta, similarity);
      if (top.admits(key)) top.add({ key });
    });
  }

  /** The cache of a scope, loaded when missing or when another connection has written since. */
  #scope(scope: MemoryScope): ScopeCache {
    this.#syncCache();
    const key = scopeKey(scope);
    let cache = this.#scopes.get(key);
    if (!cache) {
      const rows = this.#sql(sql.scopeMeta, true).all(scope.type, scope.id) as [number, number, number | null, string, string | null][];
      cache = { meta: new Map(), totalLength: 0, postings: new Map(), vectors: undefined };
      for (const [seq, length, importance, createdAt, subject] of rows) {
        cache.meta.set(seq, { seq, length, weight: importance ?? defaultImportance, createdAt, subject });
        cache.totalLength += length;
      }
      this.#scopes.set(key, cache);
    }
    return cache;
  }

  /** `data_version` changes when another connection commits; this connection's own writes update the caches directly. */
  #syncCache(): void {
    const version = this.#dataVersion();
    if (version !== this.#cacheVersion) {
      this.#scopes.clear();
      this.#cacheVersion = version;
    }
  }

  #dataVersion(): number {
    return (this.#sql(sql.dataVersion, true).get() as [number])[0];
  }

  /** Deletes one entry; resolves with whether it existed. */
  async remove(id: string): Promise<boolean> {
    checkText(`${component}.remove`, id, 'id');
    return this.#guard(() => {
      const row = this.#sql(sql.entryById).get(id) as { seq: number; scope_type: string; scope_id: string } | undefined;
      if (!row) return false;
      const { changes } = this.#db.transaction(() => this.#sql(sql.deleteEntry).run(row.seq)).immediate();
      this.#syncCache();
      const cache = this.#scopes.get(scopeKey({ type: row.scope_type, id: row.scope_id }));
      const meta = cache?.meta.get(row.seq);
      if (cache && meta) {
        cache.meta.delete(row.seq);
        cache.totalLength -= meta.length;
        for (const posting of cache.postings.values()) posting.delete(row.seq);
        for (const pool of cache.vectors?.values() ?? []) pool.remove(meta);
      }
      return changes > 0;
    });
  }

  /** Deletes every entry of a scope. */
  async clear(scope: MemoryScope): Promise<void> {
    checkScope(`${component}.clear`, scope);
    this.#guard(() => {
      this.#db.transaction(() => this.#sql(sql.deleteScope).run(scope.type, scope.id)).immediate();
      this.#syncCache();
      this.#scopes.delete(scopeKey(scope));
    });
  }

  /** Closes the database; later calls reject with `store_failed`. Closing twice is harmless. */
  close(): void {
    if (this.#db.open) this.#db.close();
    this.#scopes.clear();
  }

  #guard<T>(operation: () => T): T {
    return guardStore(component, this.#db, this.path, operation);
  }
}
