import { claimWithCounter, type RateLimitHit, type RateLimitStore, type ReplayStore } from './store.js';

interface Counter {
  count: number;
  resetAt: number;
}

/** Options of `MemoryStore`. */
export interface MemoryStoreOptions {
  /** Counters kept at most; past it, expired ones are swept and then the oldest dropped. Default 100 000. */
  readonly maxKeys?: number;
  /** Clock, for tests. */
  readonly now?: () => number;
}

/**
 * Rate-limit counters in this process's memory: the default store. Right for one process; with
 * several processes or replicas each keeps its own counts, so use `RedisStore` there.
 *
 * @example
 * ```ts
 * import { MemoryStore } from '@kit/kit-core';
 *
 * const store = new MemoryStore();
 * const hit = await store.hit('anonymous:203.0.113.7', 60_000);
 * console.log(hit.count); // 1
 * ```
 */
export class MemoryStore implements RateLimitStore, ReplayStore {
  readonly #counters = new Map<string, Counter>();
  readonly #maxKeys: number;
  readonly #now: () => number;

  constructor(options: MemoryStoreOptions = {}) {
    this.#maxKeys = options.maxKeys ?? 100_000;
    this.#now = options.now ?? Date.now;
  }

  async hit(key: string, windowMs: number): Promise<RateLimitHit> {
    const now = this.#now();
    let counter = this.#counters.get(key);
    if (!counter || counter.resetAt <= now) {
      if (!counter && this.#counters.size >= this.#maxKeys) this.#makeRoom(now);
      counter = { count: 0, resetAt: now + windowMs };
      // Re-inserting keeps the map in order of window start, so the first entries are the oldest.
      this.#counters.delete(key);
      this.#counters.set(key, counter);
    }
    counter.count += 1;
    return { count: counter.count, resetMs: counter.resetAt - now };
  }

  /**
   * Resolves `true` the first time `key` is claimed within `ttlMs`, `false` after: a replay store for
   * one process (DPoP proof ids, one-time tokens).
   *
   * @example
   * ```ts
   * import { MemoryStore } from '@kit/kit-core';
   *
   * const store = new MemoryStore();
   * console.log(await store.claimOnce('jti-1', 60_000), await store.claimOnce('jti-1', 60_000)); // true false
   * ```
   */
  claimOnce(key: string, ttlMs: number): Promise<boolean> {
    return claimWithCounter(this, key, ttlMs);
  }

  /** Counters held, for tests and metrics. */
  get size(): number {
    return this.#counters.size;
  }

  #makeRoom(now: number): void {
    for (const [key, counter] of this.#counters) if (counter.resetAt <= now) this.#counters.delete(key);
    const excess = this.#counters.size - this.#maxKeys + 1;
    if (excess <= 0) return;
    let dropped = 0;
    for (const key of this.#counters.keys()) {
      if (dropped++ >= excess) break;
      this.#counters.delete(key);
    }
  }
}
