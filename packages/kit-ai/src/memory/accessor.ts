import { KitAIError } from '../errors/kit-ai-error.js';
import { estimateTokens } from '../llm/messages.js';
import { scopeKey } from './builtin-backend.js';
import {
  checkCount,
  checkRecord,
  checkScope,
  checkText,
  checkUnitInterval,
  checkVector,
  defaultImportance,
  describeValue,
  subjectKey,
} from './checks.js';
import { memoryFreshnessText } from './freshness.js';
import { compareRankKeys } from './lexical.js';
import type { MemoryEntry, MemoryScope, NewMemoryEntry, SmartAgentMemoryConfig } from './types.js';

const component = 'createMemoryAccessor';

/** Entries `assembleContext` recalls before fitting them into `maxMemoryTokens`. */
const contextEntries = 10;

/** Token budget of `assembleContext` when `maxMemoryTokens` is not set. */
export const defaultMaxMemoryTokens = 1000;

/** The heading of the block `assembleContext` returns. */
export const memoryContextHeading = 'Relevant memories, most relevant first (each says when it was recorded; older ones may be outdated):';

/** Options of `MemoryAccessor.remember`. */
export interface RememberOptions {
  /** What kind of memory: `fact`, `preference`, `session_summary`, ... */
  type?: string;
  /** 0.0 to 1.0; between equally relevant memories the more important ranks first (0.5 when absent). */
  importance?: number;
  metadata?: Record<string, unknown>;
  /** Who or what the memory is about; `about(subject)` finds it, and its words are searchable. */
  subject?: string;
}

/** The high-level memory operations over a `SmartAgentMemoryConfig`. */
export interface MemoryAccessor {
  /** Stores `content` in `config.scope` (with its embedding when `config.embedding` is set); resolves with the id. */
  remember(content: string, options?: RememberOptions): Promise<string>;
  /** The `k` (default 5) memories most relevant to `text` across `scope` and `readScopes`, best first. */
  recall(text: string, k?: number): Promise<MemoryEntry[]>;
  /** Deletes a memory by id; resolves with whether it existed. */
  forget(id: string): Promise<boolean>;
  /**
   * Up to `k` (default 5) memories remembered with `subject` (compared without case, accents or extra
   * spaces), most important first, then newest; when there are none, `recall(subject, k)`.
   */
  about(subject: string, k?: number): Promise<MemoryEntry[]>;
  /** A text block of the memories relevant to `goal` for the system prompt, within `maxMemoryTokens`; `''` when none. */
  assembleContext(goal: string): Promise<string>;
}

function checkConfig(config: unknown): asserts config is SmartAgentMemoryConfig {
  if (typeof config !== 'object' || config === null || Array.isArray(config)) {
    throw new KitAIError(
      'invalid_config',
      `${component}: config must be an object { store, scope, readScopes?, embedding?, maxMemoryTokens? }, got ${describeValue(config)}.`,
    );
  }
  const { store, scope, readScopes, embedding, maxMemoryTokens, saveSessionSummary } = config as Record<string, unknown>;
  const backend = store as Record<string, unknown> | null | undefined;
  const missing = ['store', 'query', 'remove', 'clear'].filter((method) => typeof backend?.[method] !== 'function');
  if (typeof store !== 'object' || store === null || missing.length > 0) {
    throw new KitAIError(
      'invalid_config',
      `${component}: config.store must be a MemoryBackend (store, query, remove and clear methods), got ${describeValue(store)}${typeof store === 'object' && store !== null ? ` without ${missing.join(', ')}` : ''}; use new BuiltinMemoryBackend() or new SqliteMemoryBackend().`,
    );
  }
  checkConfigValue(() => checkScope(component, scope, 'config.scope'));
  if (readScopes !== undefined) {
    if (!Array.isArray(readScopes))
      throw new KitAIError(
        'invalid_config',
        `${component}: config.readScopes must be an array of scopes, got ${describeValue(readScopes)}.`,
      );
    readScopes.forEach((readScope, index) => checkConfigValue(() => checkScope(component, readScope, `config.readScopes[${index}]`)));
  }
  if (
    embedding !== undefined &&
    (typeof embedding !== 'object' || embedding === null || typeof (embedding as { embed?: unknown }).embed !== 'function')
  ) {
    throw new KitAIError(
      'invalid_config',
      `${component}: config.embedding must be a MemoryEmbedder (an object with embed(texts)), got ${describeValue(embedding)}.`,
    );
  }
  if (maxMemoryTokens !== undefined && !(Number.isInteger(maxMemoryTokens) && (maxMemoryTokens as number) > 0)) {
    throw new KitAIError(
      'invalid_config',
      `${component}: config.maxMemoryTokens must be a positive integer number of tokens such as 1000, got ${describeValue(maxMemoryTokens)}.`,
    );
  }
  if (saveSessionSummary !== undefined && typeof saveSessionSummary !== 'boolean') {
    throw new KitAIError(
      'invalid_config',
      `${component}: config.saveSessionSummary must be true or false, got ${describeValue(saveSessionSummary)}.`,
    );
  }
}

/** Configuration mistakes are `invalid_config`, even when found by the checks that guard call arguments. */
function checkConfigValue(check: () => void): void {
  try {
    check();
  } catch (error) {
    if (error instanceof KitAIError) throw new KitAIError('invalid_config', error.message);
    throw error;
  }
}

/** One recalled entry with where it came from, for merging the answers of several scopes. */
interface Found {
  entry: MemoryEntry;
  scopeIndex: number;
  rank: number;
}

/**
 * Merges the answers of several scopes, best first. When every entry carries a `score` (the built-in
 * backends set it), by score, then importance, then newest; otherwise (a backend without scores) the
 * lists are interleaved by rank, the write scope first.
 */
function merge(lists: MemoryEntry[][], k: number): MemoryEntry[] {
  const found: Found[] = lists.flatMap((entries, scopeIndex) => entries.map((entry, rank) => ({ entry, scopeIndex, rank })));
  if (found.every(({ entry }) => typeof entry.score === 'number' && Number.isFinite(entry.score))) {
    found.sort(
      (left, right) =>
        compareRankKeys(
          {
            score: left.entry.score as number,
            weight: left.entry.importance ?? defaultImportance,
            time: left.entry.createdAt,
            sequence: 0,
          },
          {
            score: right.entry.score as number,
            weight: right.entry.importance ?? defaultImportance,
            time: right.entry.createdAt,
            sequence: 0,
          },
        ) ||
        left.scopeIndex - right.scopeIndex ||
        left.rank - right.rank,
    );
  } else {
    found.sort((left, right) => left.rank - right.rank || left.scopeIndex - right.scopeIndex);
  }
  const seen = new Set<string>();
  const merged: MemoryEntry[] = [];
  for (const { entry } of found) {
    if (seen.has(entry.id)) continue;
    seen.add(entry.id);
    merged.push(entry);
    if (merged.length === k) break;
  }
  return merged;
}

/** Content on one bullet: trimmed, continuation lines indented under it. */
function formatContent(content: string): string {
  return content.trim().replace(/\s*\n\s*/g, '\n  ');
}

/** One line of the context block: tags, formatted content, freshness caveat. */
function contextLine(entry: MemoryEntry, content: string, now: number): string {
  const tags = [entry.type, entry.subject === undefined ? undefined : `about ${entry.subject}`].filter(
    (tag): tag is string => tag !== undefined,
  );
  const prefix = tags.length === 0 ? '' : `[${tags.join(', ')}] `;
  return `- ${prefix}${content} (${memoryFreshnessText(Date.parse(entry.createdAt), now)})`;
}

function blockOf(lines: string[]): string {
  return [memoryContextHeading, ...lines].join('\n');
}

function blockTokens(lines: string[]): number {
  return estimateTokens([{ role: 'system', content: blockOf(lines) }]);
}

/** Shortest cut of a memory worth showing; below it the block is left empty rather than misleading. */
const minimumCutCharacters = 20;

/**
 * The high-level memory operations an agent (or your own tool) uses: `remember` writes to `config.scope`;
 * `recall` and `about` read `scope` and every `readScopes` entry, one backend query per scope, merged best
 * first; `assembleContext` turns what `recall(goal, 10)` finds into a block for the system prompt.
 *
 * With `config.embedding`, `remember` stores the content's vector and `recall` ranks by cosine similarity
 * (so entries stored without a vector are not found); without it, ranking is lexical.
 *
 * The block of `assembleContext` starts with the line `Relevant memories, most relevant first (each says
 * when it was recorded; older ones may be outdated):`, then one line per memory:
 * `- [type, about subject] content (Recorded 3 days ago; it may be outdated.)` (the tags only when set).
 * It stays within `maxMemoryTokens` (default 1000; tokens estimated as characters / 4): the least relevant
 * memories are dropped first, and a single memory too long for the budget is cut, ending in `...`. It is
 * `''` when nothing relevant is found.
 *
 * @example
 * ```ts
 * import { BuiltinMemoryBackend, createMemoryAccessor } from '@kit/kit-ai';
 *
 * const memory = createMemoryAccessor({
 *   store: new BuiltinMemoryBackend(),
 *   scope: { type: 'user', id: 'u-42' },
 *   readScopes: [{ type: 'team', id: 'support' }],
 *   maxMemoryTokens: 500,
 * });
 * await memory.remember('Prefers answers in French.', { type: 'preference', subject: 'Camille', importance: 0.9 });
 * const aboutCamille = await memory.about('Camille');
 * const block = await memory.assembleContext('Write to Camille about the delayed order');
 * console.log(aboutCamille.length, block);
 * ```
 */
export function createMemoryAccessor(config: SmartAgentMemoryConfig): MemoryAccessor {
  checkConfig(config);
  const { store, embedding } = config;
  const maxTokens = config.maxMemoryTokens ?? defaultMaxMemoryTokens;
  const scopes: MemoryScope[] = [];
  for (const scope of [config.scope, ...(config.readScopes ?? [])]) {
    if (!scopes.some((known) => scopeKey(known) === scopeKey(scope))) scopes.push({ type: scope.type, id: scope.id });
  }

  async function embedOne(text: string, what: string): Promise<number[]> {
    if (!embedding) throw new Error('unreachable: embedOne without an embedder');
    let vectors: unknown;
    try {
      vectors = await embedding.embed([text]);
    } catch (error) {
      throw new KitAIError(
        'store_failed',
        `${component}: the embedder failed on the ${what} (${error instanceof Error ? error.message : String(error)}).`,
        { cause: error },
      );
    }
    const vector = Array.isArray(vectors) ? (vectors[0] as unknown) : undefined;
    try {
      checkVector(component, vector, `embedding.embed([${what}])[0]`);
    } catch (error) {
      throw new KitAIError(
        'invalid_config',
        `${(error as Error).message} Fix the MemoryEmbedder: embed(texts) must resolve with one vector per text.`,
      );
    }
    return vector;
  }

  async function recall(text: string, k: number = 5): Promise<MemoryEntry[]> {
    checkText(`${component}.recall`, text, 'text');
    const count = checkCount(`${component}.recall`, k);
    if (count <= 0) return [];
    const options = embedding && text.trim() !== '' ? { embedding: await embedOne(text, 'recalled text') } : undefined;
    const lists = await Promise.all(scopes.map((scope) => store.query(scope, text, count, options)));
    return merge(lists, count);
  }

  return {
    async remember(content, options = {}) {
      checkText(`${component}.remember`, content, 'content');
      if (content.trim() === '')
        throw new KitAIError('invalid_arguments', `${component}.remember: content must not be empty; pass the text to remember.`);
      checkRecord(`${component}.remember`, options, 'options');
      const { type, importance, metadata, subject } = options;
      if (type !== undefined && (typeof type !== 'string' || type.trim() === '')) {
        throw new KitAIError(
          'invalid_arguments',
          `${component}.remember: options.type must be a non-empty string such as 'fact', got ${describeValue(type)}.`,
        );
      }
      if (importance !== undefined) checkUnitInterval(`${component}.remember`, importance, 'options.importance');
      if (metadata !== undefined) checkRecord(`${component}.remember`, metadata, 'options.metadata');
      if (subject !== undefined && (typeof subject !== 'string' || subject.trim() === '')) {
        throw new KitAIError(
          'invalid_arguments',
          `${component}.remember: options.subject must be a non-empty string such as 'Alice', got ${describeValue(subject)}.`,
        );
      }
      const entry: NewMemoryEntry = { content, scope: config.scope };
      if (type !== undefined) entry.type = type;
      if (importance !== undefined) entry.importance = importance;
      if (metadata !== undefined) entry.metadata = metadata;
      if (subject !== undefined) entry.subject = subject.trim();
      if (embedding) entry.embedding = await embedOne(content, 'remembered content');
      return store.store(entry);
    },

    recall,

    async forget(id) {
      checkText(`${component}.forget`, id, 'id');
      return store.remove(id);
    },

    async about(subject, k = 5) {
      checkText(`${component}.about`, subject, 'subject');
      if (subject.trim() === '')
        throw new KitAIError(
          'invalid_arguments',
          `${component}.about: subject must not be empty; pass who or what to look up, such as 'Alice'.`,
        );
      const count = checkCount(`${component}.about`, k);
      if (count <= 0) return [];
      const key = subjectKey(subject);
      // No query text: every entry of the subject is equally "about" it, so the built-in backends order
      // them by importance, then newest. A backend that ignores `options.subject` returns other entries
      // too; only the subject's count.
      const lists = await Promise.all(scopes.map((scope) => store.query(scope, '', count, { subject })));
      const matching = lists.map((entries) =>
        entries.filter((entry) => typeof entry.subject === 'string' && subjectKey(entry.subject) === key),
      );
      const merged = merge(matching, count);
      return merged.length > 0 ? merged : recall(subject, count);
    },

    async assembleContext(goal) {
      checkText(`${component}.assembleContext`, goal, 'goal');
      const entries = await recall(goal, contextEntries);
      const now = Date.now();
      if (entries.length === 0) return '';
      const lines = entries.map((entry) => contextLine(entry, formatContent(entry.content), now));
      while (lines.length > 1 && blockTokens(lines) > maxTokens) lines.pop();
      if (blockTokens(lines) <= maxTokens) return blockOf(lines);
      // The most relevant memory alone is over budget: keep its beginning rather than nothing. The estimate
      // is characters / 4 rounded up, so the block fits when it has at most maxTokens * 4 characters.
      const best = entries[0] as MemoryEntry;
      const room = maxTokens * 4 - blockOf([contextLine(best, '', now)]).length - '...'.length;
      let cut = formatContent(best.content).slice(0, Math.max(0, room));
      // End on a word boundary when one is near, so the model does not read half a word as a whole one.
      const lastSpace = cut.search(/\s\S*$/);
      if (lastSpace >= room * 0.8) cut = cut.slice(0, lastSpace);
      cut = cut.trimEnd();
      if (cut.length < minimumCutCharacters) return '';
      return blockOf([contextLine(best, `${cut}...`, now)]);
    },
  };
}
