import type { Redis, RedisOptions } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { KitError } from '../errors/kit-error.js';
import { claimWithCounter, type RateLimitHit, type RateLimitStore, type ReplayStore } from './store.js';
import { appendAuditEntry, defaultAuditMaxEntries, readAuditEntries } from '../compliance/redis-audit.js';
import type { AuditEntry, AuditFilter, AuditStore } from '../compliance/audit-types.js';
import { RedisApprovals } from '../approvals/redis-approvals.js';
import type { Approval, ApprovalChange, ApprovalLimits, ApprovalStore, ApprovalTransition } from '../approvals/types.js';

/** Options of `RedisStore`: a connection url, or a client the application already holds. */
export type RedisStoreOptions = ({ readonly url: string; readonly client?: never } | { readonly client: Redis; readonly url?: never }) & {
  /** Prefix of every key this store writes. Default `kit:rl:`. */
  readonly prefix?: string;
  /** Longest wait for Redis before a request gives up on it, in milliseconds. Default 500. */
  readonly commandTimeoutMs?: number;
  /** Length past which the audit stream (`<prefix>audit`) drops its oldest entries, approximately. Default 100 000. */
  readonly auditMaxEntries?: number;
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

// Deletes the lock only when it still holds the caller's token, so a holder whose lock expired and
// was taken by another process cannot release the new holder's lock.
const unlockScript = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
`;

/**
 * Rate-limit counters in Redis, shared by every process and replica that uses the same server, so a
 * limit holds across all of them. Each request costs one round trip (a Lua script: INCR and PEXPIRE
 * atomically). Commands fail fast instead of queueing while Redis is unreachable; the app then lets
 * requests through rather than refusing everyone. It also offers short-lived locks (`tryLock`, `unlock`)
 * that processes sharing the server can use to do a piece of work once, such as a scheduled job's tick,
 * and is an `ApprovalStore` (`KitConfig.approvals.store`): approvals under `<prefix>approval:`, decided
 * and used atomically across replicas. As the `AuditStore` of `defineCompliance` it appends entries
 * to the Redis stream `<prefix>audit`, trimmed to about `auditMaxEntries`.
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
export class RedisStore implements RateLimitStore, ReplayStore, ApprovalStore, AuditStore {
  readonly #prefix: string;
  readonly #client: Promise<Redis>;
  readonly #owned: boolean;
  readonly #auditMaxEntries: number;
  readonly #approvals: RedisApprovals;

  constructor(options: RedisStoreOptions) {
    this.#prefix = options.prefix ?? 'kit:rl:';
    this.#owned = options.client === undefined;
    this.#auditMaxEntries = checkAuditMaxEntries(options.auditMaxEntries ?? defaultAuditMaxEntries);
    this.#client = options.client ? Promise.resolve(options.client) : connect(options.url!, options.commandTimeoutMs ?? 500);
    this.#approvals = new RedisApprovals(() => this.#client, this.#prefix);
  }

  async hit(key: string, windowMs: number): Promise<RateLimitHit> {
    const client = await this.#client;
    const reply = (await client.eval(hitScript, 1, `${this.#prefix}${key}`, String(windowMs))) as [number, number];
    return { count: Number(reply[0]), resetMs: Number(reply[1]) };
  }

  /**
   * Resolves `true` the first time `key` is claimed within `ttlMs` across every process sharing the
   * server, `false` after (one atomic round trip): the replay store of DPoP proofs on several replicas.
   *
   * @example
   * ```ts
   * import { RedisStore } from '@kit/kit-core';
   *
   * const store = new RedisStore({ url: 'redis://127.0.0.1:6379' });
   * if (!(await store.claimOnce('dpop:4f1c9a', 300_000))) throw new Error('this proof was already used');
   * ```
   */
  claimOnce(key: string, ttlMs: number): Promise<boolean> {
    return claimWithCounter(this, key, ttlMs);
  }

  /**
   * Takes the lock `key` for `ttlMs` milliseconds if no one holds it (one `SET NX PX`, atomic on the
   * server). Resolves with a token that proves ownership to `unlock`, or `null` when someone else holds
   * it. The lock lapses by itself after `ttlMs`, so a holder that dies never blocks the others for long.
   * Keys are written as `<prefix>lock:<key>`.
   *
   * @example
   * ```ts
   * import { RedisStore } from '@kit/kit-core';
   *
   * const store = new RedisStore({ url: 'redis://127.0.0.1:6379' });
   * const token = await store.tryLock('nightly-report', 60_000);
   * if (token !== null) {
   *   try {
   *     // only one process gets here until the lock is released or lapses
   *   } finally {
   *     await store.unlock('nightly-report', token);
   *   }
   * }
   * ```
   */
  async tryLock(key: string, ttlMs: number): Promise<string | null> {
    checkLockKey('tryLock', key);
    if (!Number.isSafeInteger(ttlMs) || ttlMs <= 0) {
      throw new KitError(
        'invalid_input',
        `RedisStore.tryLock: ttlMs must be a positive whole number of milliseconds, got ${String(ttlMs)}; pass how long the lock may be held, such as 60000.`,
      );
    }
    const client = await this.#client;
    const token = randomBytes(16).toString('hex');
    const reply = await client.set(this.#lockKey(key), token, 'PX', ttlMs, 'NX');
    return reply === 'OK' ? token : null;
  }

  /**
   * Releases the lock `key` if `token` (from `tryLock`) still holds it, atomically (a Lua script).
   * Resolves `true` when it was released, `false` when it had lapsed or belongs to someone else.
   *
   * @example
   * ```ts
   * import { RedisStore } from '@kit/kit-core';
   *
   * const store = new RedisStore({ url: 'redis://127.0.0.1:6379' });
   * const token = await store.tryLock('reindex', 30_000);
   * if (token !== null) console.log(await store.unlock('reindex', token)); // true
   * ```
   */
  async unlock(key: string, token: string): Promise<boolean> {
    checkLockKey('unlock', key);
    const client = await this.#client;
    const reply = await client.eval(unlockScript, 1, this.#lockKey(key), token);
    return Number(reply) === 1;
  }

  // The approval store (`KitConfig.approvals.store`), under `<prefix>approval:`; see src/approvals/redis-approvals.ts.
  /**
   * Saves a pending approval unless a live one has its fingerprint, within the requester's cap of
   * pending approvals (`ApprovalLimitError` past it); one Lua script.
   */
  addApproval(approval: Approval, now: number, limits?: ApprovalLimits): Promise<Approval> {
    return this.#approvals.add(approval, now, limits);
  }

  /** The approval with this id. */
  getApproval(id: string): Promise<Approval | undefined> {
    return this.#approvals.get(id);
  }

  /** The latest approval with this fingerprint. */
  findApproval(fingerprint: string): Promise<Approval | undefined> {
    return this.#approvals.find(fingerprint);
  }

  /** Decides a pending, unexpired approval, atomically (one Lua script). */
  decideApproval(id: string, change: ApprovalChange, now: number): Promise<ApprovalTransition> {
    return this.#approvals.decide(id, change, now);
  }

  /** Uses an approved, unexpired approval; true for exactly one caller across replicas (one Lua script). */
  consumeApproval(id: string, now: number): Promise<boolean> {
    return this.#approvals.consume(id, now);
  }

  /** Every approval held, oldest first. */
  listApprovals(): Promise<Approval[]> {
    return this.#approvals.list(Date.now());
  }

  /** Deletes every approval key under this store's prefix. */
  clearApprovals(): Promise<void> {
    return this.#approvals.clear();
  }

  #lockKey(key: string): string {
    return `${this.#prefix}lock:${key}`;
  }

  // The audit store of `defineCompliance`: a Redis stream `<prefix>audit`; see src/compliance/redis-audit.ts.
  /** Appends an audit entry to the stream (XADD), trimmed to about `auditMaxEntries`. */
  appendAudit(entry: AuditEntry): Promise<void> {
    return appendAuditEntry(this.#client, `${this.#prefix}audit`, this.#auditMaxEntries, entry);
  }

  /** The audit entries matching `filter`, oldest first, read in batches (XRANGE). */
  readAudit(filter: AuditFilter): AsyncIterable<AuditEntry> {
    return readAuditEntries(this.#client, `${this.#prefix}audit`, filter);
  }

  /** Closes the connection this store opened; a client passed in is left to its owner. */
  async close(): Promise<void> {
    if (!this.#owned) return;
    const client = await this.#client.catch(() => undefined);
    await client?.quit().catch(() => client.disconnect());
  }
}

function checkAuditMaxEntries(value: number): number {
  if (!Number.isSafeInteger(value) || value <= 0)
    throw new TypeError(`RedisStore: auditMaxEntries must be a positive whole number, such as 100000, got ${String(value)}`);
  return value;
}

function checkLockKey(method: string, key: string): void {
  if (typeof key !== 'string' || key.length === 0) {
    throw new KitError(
      'invalid_input',
      `RedisStore.${method}: key must be a non-empty string, got ${JSON.stringify(key)}; pass the name of the resource to lock.`,
    );
  }
}

async function connect(url: string, commandTimeout: number): Promise<Redis> {
  // Loaded on first use, so applications without Redis never load the client.
  const { Redis } = await import('ioredis');
  const options: RedisOptions = {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout,
    connectTimeout: 2_000,
    lazyConnect: true,
  };
  const client = new Redis(url, options);
  client.on('error', () => {
    // Errors surface on each command, where the app decides; without a listener they would be thrown.
  });
  await client.connect().catch(() => undefined);
  return client;
}
