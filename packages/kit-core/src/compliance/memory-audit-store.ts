import { matchesFilter, type AuditEntry, type AuditFilter, type AuditStore } from './audit-types.js';

/** Options of `MemoryAuditStore`. */
export interface MemoryAuditStoreOptions {
  /** Entries kept at most; past it the oldest is dropped for each new one. Default 10 000. */
  readonly maxEntries?: number;
}

/**
 * Audit entries in this process's memory, the newest `maxEntries` of them: the default store of
 * `defineCompliance`. Entries are lost when the process ends and each replica keeps its own, so
 * export them regularly or use `RedisStore` where records must be kept.
 *
 * @example
 * ```ts
 * import { defineCompliance, MemoryAuditStore } from '@kit/kit-core/compliance';
 *
 * const compliance = defineCompliance({
 *   system: { name: 'Support assistant', purpose: 'Answers customer questions' },
 *   riskLevel: 'limited',
 *   audit: { store: new MemoryAuditStore({ maxEntries: 50_000 }) },
 * });
 * ```
 */
export class MemoryAuditStore implements AuditStore {
  readonly #entries: (AuditEntry | undefined)[];
  readonly #maxEntries: number;
  /** Index of the oldest entry once the ring is full. */
  #start = 0;
  #count = 0;

  constructor(options: MemoryAuditStoreOptions = {}) {
    const maxEntries = options.maxEntries ?? 10_000;
    if (!Number.isSafeInteger(maxEntries) || maxEntries <= 0) {
      throw new TypeError(`MemoryAuditStore: maxEntries must be a positive whole number, such as 10000, got ${String(maxEntries)}`);
    }
    this.#maxEntries = maxEntries;
    this.#entries = [];
  }

  /** Entries held. */
  get size(): number {
    return this.#count;
  }

  async appendAudit(entry: AuditEntry): Promise<void> {
    if (this.#count < this.#maxEntries) {
      this.#entries.push(entry);
      this.#count++;
      return;
    }
    // Full: the new entry takes the oldest one's place.
    this.#entries[this.#start] = entry;
    this.#start = (this.#start + 1) % this.#maxEntries;
  }

  async *readAudit(filter: AuditFilter): AsyncIterable<AuditEntry> {
    // A snapshot, so entries appended while a reader is paused neither shift nor repeat what it sees.
    const snapshot: AuditEntry[] = [];
    for (let offset = 0; offset < this.#count; offset++) {
      const entry = this.#entries[(this.#start + offset) % this.#maxEntries]!;
      if (matchesFilter(entry, filter)) snapshot.push(entry);
    }
    yield* snapshot;
  }
}
