/** Whose memory an entry belongs to: a user, a team, a project, ... (`{ type: 'user', id: 'u-42' }`). */
export interface MemoryScope {
  type: string;
  id: string;
}

/** One remembered item. */
export interface MemoryEntry {
  id: string;
  content: string;
  scope: MemoryScope;
  /** ISO 8601 time the backend stored it. */
  createdAt: string;
  /** What kind of memory (`fact`, `preference`, `session_summary`, ...). */
  type?: string;
  /** 0.0 to 1.0; more important entries win ties and survive token caps. */
  importance?: number;
  /** Vector of the content, when an embedder is configured. */
  embedding?: number[];
  metadata?: Record<string, unknown>;
  /**
   * Who or what the entry is about (`'Alice'`, `'project atlas'`), set by `remember(content, { subject })`.
   * Its words are searchable like the content's, and `MemoryAccessor.about(subject)` finds entries by it
   * (compared without case, accents or extra spaces).
   */
  subject?: string;
  /**
   * Relevance to the query that returned the entry, set by the built-in backends' `query`: the BM25 score
   * (lexical, 0 for a query without terms) or the cosine similarity (with `options.embedding`). Ignored by
   * `store`. The memory accessor merges the results of several scopes by it.
   */
  score?: number;
}

/** An entry as given to `MemoryBackend.store`: the backend assigns `id` and `createdAt`. */
export type NewMemoryEntry = Omit<MemoryEntry, 'id' | 'createdAt'>;

/** Extra inputs of `MemoryBackend.query`. */
export interface MemoryQueryOptions {
  /** Vector of the query text; backends that support it rank by cosine similarity. */
  embedding?: number[];
  /**
   * Only entries remembered with this subject (compared without case, accents or extra spaces); every such
   * entry is a candidate, ranked by relevance to `text` and then by the usual tie-breakers.
   */
  subject?: string;
}

/** A pluggable memory store. */
export interface MemoryBackend {
  store(entry: NewMemoryEntry): Promise<string>;
  /**
   * The `k` entries of `scope` most relevant to `text`: lexical relevance, or cosine similarity given
   * `options.embedding`. The built-in backends break ties by importance (0.5 when absent), then newest, and
   * return `[]` for `k` of 0 or less.
   */
  query(scope: MemoryScope, text: string, k: number, options?: MemoryQueryOptions): Promise<MemoryEntry[]>;
  remove(id: string): Promise<boolean>;
  clear(scope: MemoryScope): Promise<void>;
}

/** Turns texts into vectors (an embedding model). */
export interface MemoryEmbedder {
  embed(texts: string[]): Promise<number[][]>;
}

/** The `memory` field of `SmartAgentConfig`. */
export interface SmartAgentMemoryConfig {
  store: MemoryBackend;
  /** Where this agent's memories are written (and read). */
  scope: MemoryScope;
  /** Further scopes that are read, never written. */
  readScopes?: MemoryScope[];
  embedding?: MemoryEmbedder;
  /** Most tokens recalled memories may take in the prompt. */
  maxMemoryTokens?: number;
  /** Store a summary of each run in `scope` (type `session_summary`). */
  saveSessionSummary?: boolean;
}
