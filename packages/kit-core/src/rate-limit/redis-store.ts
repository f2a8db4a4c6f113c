import type { Redis, RedisOptions } from 'ioredis';
import type { RateLimitHit, RateLimitStore } from './store.js';

/** Options of `RedisStore`: a connection url, or a client the application already holds. */
export type RedisStoreOptions = ({ readonly url: string; readonly client?: never } | { readonly client: Redis; readonly url?: never }) & {
  /** Prefix of every key this store writes. Default `kit:rl:`. */
  readonly prefix?: string;
  /** Longest wait for Redis before a request gives up on it, in milliseconds. Default 500. */
  readonly commandTimeoutMs?: number;
};

// One round trip per request: count, start the window on the first hit, and report the time left.
// PTTL is -1 only if an earlier writer died between INCR and PEXPIRE; the window is then restarted.
const hitScript = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { count, ttl }
`;

/**
 * Rate-limit counters in Redis, shared by every process and replica that uses the same server, so a
 * limit holds across all of them. Each request costs one round trip (a Lua script: INCR and PEXPIRE
 * atomically). Commands fail fast instead of queueing while Redis is unreachable; the app then lets
 * requests through rather than refusing everyone.
 *
 * @example
 * ```ts
 * import { createKitApp, defineRateLimit, RedisStore } from '@kit/kit-core';
 *
 * const app = createKitApp({
 *   routes: {},
 *   rateLimit: defineRateLimit({ default: { requests: 100, window: '1m' } }),
 *   rateLimitStore: new RedisStore({ url: 'redis://127.0.0.1:6379' }),
 * });
 * ```
 */
export class RedisStore implements RateLimitStore {
  readonly #prefix: string;
  readonly #client: Promise<Redis>;
  readonly #owned: boolean;

  constructor(options: RedisStoreOptions) {
    this.#prefix = options.prefix ?? 'kit:rl:';
    this.#owned = options.client === undefined;
    this.#client = options.client ? Promise.resolve(options.client) : connect(options.url!, options.commandTimeoutMs ?? 500);
  }

  async hit(key: string, windowMs: number): Promise<RateLimitHit> {
    const client = await this.#client;
    const reply = (await client.eval(hitScript, 1, `${this.#prefix}${key}`, String(windowMs))) as [number, number];
    return { count: Number(reply[0]), resetMs: Number(reply[1]) };
  }

  /** Closes the connection this store opened; a client passed in is left to its owner. */
  async close(): Promise<void> {
    if (!this.#owned) return;
    const client = await this.#client.catch(() => undefined);
    await client?.quit().catch(() => client.disconnect());
  }
}

async function connect(url: string, commandTimeout: number): Promise<Redis> {
  // Loaded on first use, so applications without Redis never load the client.
  const { Redis } = await import('ioredis');
  const options: RedisOptions = { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout, connectTimeout: 2_000, lazyConnect: true };
  const client = new Redis(url, options);
  client.on('error', () => {
    // Errors surface on each command, where the app decides; without a listener they would be thrown.
  });
  await client.connect().catch(() => undefined);
  return client;
}
