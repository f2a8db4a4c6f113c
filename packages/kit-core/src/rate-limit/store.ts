/** The count of one client in its current window. */
export interface RateLimitHit {
  /** Requests counted in the current window, this one included. */
  readonly count: number;
  /** Milliseconds until the window ends and the count starts again from zero. */
  readonly resetMs: number;
}

/**
 * Where rate-limit counters live. `hit` counts one request of `key` in a fixed window of
 * `windowMs` that starts with the key's first request. In memory by default; `RedisStore` shares the
 * counters between replicas.
 */
export interface RateLimitStore {
  hit(key: string, windowMs: number): Promise<RateLimitHit>;
  /** Releases connections and timers. */
  close?(): Promise<void>;
}

/**
 * Remembers keys for a while, to refuse a second use of a one-time value (a DPoP proof's `jti`, a
 * nonce). `MemoryStore` and `RedisStore` are both replay stores.
 */
export interface ReplayStore {
  /** Resolves `true` the first time `key` is claimed within `ttlMs` milliseconds, `false` on every later claim. */
  claimOnce(key: string, ttlMs: number): Promise<boolean>;
}

/**
 * A claim on top of the fixed-window counter: the first hit of a key opens a window of `ttlMs`, and
 * only that hit counts 1. One atomic step in each store, so two replicas racing on one key cannot both win.
 */
export async function claimWithCounter(store: RateLimitStore, key: string, ttlMs: number): Promise<boolean> {
  if (typeof key !== 'string' || key.length === 0)
    throw new TypeError(`claimOnce: key must be a non-empty string, got ${JSON.stringify(key)}`);
  if (!Number.isSafeInteger(ttlMs) || ttlMs <= 0)
    throw new TypeError(`claimOnce: ttlMs must be a positive whole number of milliseconds, got ${String(ttlMs)}`);
  return (await store.hit(`once:${key}`, ttlMs)).count === 1;
}
