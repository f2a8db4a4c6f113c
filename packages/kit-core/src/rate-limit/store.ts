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
