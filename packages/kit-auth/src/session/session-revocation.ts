import { KitAuthError } from '../errors/kit-auth-error.js';
import { lifetimeSeconds, defaultSessionMaxAge } from './sign-session.js';
import type { SessionClaims } from './session-types.js';

/**
 * Where revocations are kept, shared by every replica: a table of the application's database (two small
 * methods to write), Redis (`RedisRevocationStore`), or memory for one process (`MemoryRevocationStore`). Keys
 * are `session:<jti>` (one session signed out) and `subject:<sub>` (every session of a person up to a moment);
 * values are times in milliseconds since the epoch.
 */
export interface SessionRevocationStore {
  /** Records `value` under `key` for `ttlMs` milliseconds, replacing what the key held. */
  set(key: string, value: number, ttlMs: number): Promise<void>;
  /** The values of `keys`, in the same order: `null` (or `undefined`) for a key never set or past its time. */
  get(keys: readonly string[]): Promise<readonly (number | string | null | undefined)[]>;
}

/** Options of `createSessionRevocation`. */
export interface SessionRevocationOptions {
  /** Where revocations are kept; every replica must use the same one. */
  readonly store: SessionRevocationStore;
  /**
   * How long a replica trusts what it read from the store, in seconds: a revocation made on another replica
   * takes effect here within this time (at once on the replica that made it). Default 5; 0 reads the store on
   * every request.
   */
  readonly cacheSeconds?: number;
  /**
   * The longest lifetime of the sessions the app signs (seconds or a span such as `'30d'`), which is how long
   * "every session of this person" must be remembered. Default 7 days, `signSession`'s default.
   */
  readonly maxSessionAge?: number | string;
}

/** Revocation of sessions before their `exp`, from `createSessionRevocation`; give it to `createAuthMiddleware`. */
export interface SessionRevocation {
  /** Signs one session out (by its `jti`), until its `exp`. Pass the session's claims: `ctx.auth.claims`. */
  revokeSession(claims: SessionClaims): Promise<void>;
  /**
   * Signs out every session of `subject` issued before now ("sign out everywhere", a password change). A session
   * signed afterwards is valid, also one signed within the same second (session times are whole seconds).
   */
  revokeAllSessions(subject: string): Promise<void>;
  /** Whether a verified session was revoked; `createAuthMiddleware` asks this on every request with a session. */
  isRevoked(claims: SessionClaims): Promise<boolean>;
}

interface Entry {
  value: number | null;
  freshUntil: number;
}

/** Entries remembered at most; past it the oldest are forgotten (and read again when they are needed). */
const maxEntries = 20_000;

/** The store keys of a session. */
interface SessionKeys {
  readonly session: string | undefined;
  readonly subject: string | undefined;
}

const keysByClaims = new WeakMap<object, SessionKeys>();

/** Synchronous checks of the revocations this module made, for the middleware: a verdict from memory, or undefined. */
const fastChecks = new WeakMap<SessionRevocation, (claims: SessionClaims) => boolean | undefined>();

/** What a revocation's memory says about a session right now, without waiting: true, false, or undefined (ask `isRevoked`). */
export function cachedRevocationState(revocation: SessionRevocation, claims: SessionClaims): boolean | undefined {
  return fastChecks.get(revocation)?.(claims);
}

/** Whether the entries read for a session say it is revoked. */
function verdict(claims: SessionClaims, sessionEntry: Entry | undefined, subjectEntry: Entry | undefined): boolean {
  if (sessionEntry !== undefined && sessionEntry.value !== null) return true;
  const revokedAt = subjectEntry?.value ?? null;
  if (revokedAt === null) return false;
  // iat is whole seconds: the session was surely issued before the revocation only if its second ended by then.
  return typeof claims.iat !== 'number' || (claims.iat + 1) * 1000 <= revokedAt;
}

function valueOf(raw: unknown): number | null {
  if (raw === null || raw === undefined) return null;
  const value = typeof raw === 'number' ? raw : Number(raw);
  return Number.isFinite(value) ? value : null;
}

function fail(message: string): KitAuthError {
  return new KitAuthError('invalid_config', `createSessionRevocation: ${message}.`);
}

/**
 * Lets sessions end before their `exp`: signing out one session (`revokeSession`), or every session of a person
 * (`revokeAllSessions`: "sign out everywhere", a password change). Give the result to `createAuthMiddleware` as
 * `revocation`, and a revoked session is refused from its next request (401 `session_revoked`; a cookie on a GET
 * is ignored, so the person simply reads the page signed out).
 *
 * Revocations live in a store every replica shares. Checking them costs no round trip on most requests: each
 * replica keeps what it read for `cacheSeconds` (5 s), so a revocation takes effect at once on the replica that
 * made it and within `cacheSeconds` on the others. When the store fails, what was read before is used (and kept
 * for another `cacheSeconds`); a session never read before is then refused with the store's error (a 500). Keys
 * are `session:<jti>`, kept until the session's `exp`, and `subject:<sub>`, kept for `maxSessionAge` (7 days).
 *
 * @param options - `store`, `cacheSeconds`, `maxSessionAge`. Bad options throw `invalid_config`.
 *
 * @example
 * ```ts
 * import { createKitApp } from '@kit/kit-core';
 * import { clearSessionCookie, createAuthMiddleware, createSessionRevocation, MemoryRevocationStore } from '@kit/kit-auth';
 *
 * const revocation = createSessionRevocation({ store: new MemoryRevocationStore() });
 * const app = createKitApp({
 *   middleware: [createAuthMiddleware({ sessionSecret: process.env.SESSION_SECRET ?? 'a-development-secret-of-32-characters!!', revocation })],
 *   routes: {},
 * });
 * app.mount('/auth/logout', ['POST'], async (_request, ctx) => {
 *   if (ctx.auth?.claims) await revocation.revokeSession(ctx.auth.claims);
 *   return new Response(null, { status: 303, headers: { Location: '/login', 'Set-Cookie': clearSessionCookie() } });
 * });
 * ```
 */
export function createSessionRevocation(options: SessionRevocationOptions): SessionRevocation {
  if (typeof options !== 'object' || options === null) throw fail('pass { store }, a SessionRevocationStore shared by every replica');
  const { store } = options;
  if (typeof store?.set !== 'function' || typeof store.get !== 'function') {
    throw fail(
      'store must have set(key, value, ttlMs) and get(keys): a MemoryRevocationStore, a RedisRevocationStore, or a table of your database behind those two methods',
    );
  }
  const cacheSeconds = options.cacheSeconds ?? 5;
  if (!Number.isFinite(cacheSeconds) || cacheSeconds < 0)
    throw fail(`cacheSeconds must be 0 or more seconds (default 5), got ${String(options.cacheSeconds)}`);
  const cacheMs = cacheSeconds * 1000;
  let subjectTtlMs: number;
  try {
    subjectTtlMs = lifetimeSeconds(options.maxSessionAge ?? defaultSessionMaxAge) * 1000;
  } catch {
    throw fail(
      `maxSessionAge ${JSON.stringify(options.maxSessionAge)} is not a lifetime; give seconds or a span such as '7d', the longest lifetime of the sessions you sign`,
    );
  }

  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<void>>();

  const remember = (key: string, entry: Entry): void => {
    if (!entries.has(key) && entries.size >= maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    entries.set(key, entry);
  };

  const freshUntil = (key: string, value: number | null, now: number, exp: number | undefined): number =>
    // A session once revoked stays revoked: no need to read it again before it expires.
    key.startsWith('session:') && value !== null ? (exp === undefined ? Number.POSITIVE_INFINITY : exp * 1000) : now + cacheMs;

  const read = async (keys: readonly string[], exp: number | undefined): Promise<void> => {
    let values: readonly unknown[];
    try {
      values = await store.get(keys);
    } catch (error) {
      // The store is down: what this replica read before still counts, for another cacheSeconds.
      if (!keys.every((key) => entries.has(key))) throw error;
      const now = Date.now();
      for (const key of keys) entries.get(key)!.freshUntil = now + cacheMs;
      return;
    }
    const now = Date.now();
    keys.forEach((key, index) => {
      const value = valueOf(Array.isArray(values) ? values[index] : undefined);
      remember(key, { value, freshUntil: freshUntil(key, value, now, exp) });
    });
  };

  const ensure = async (keys: readonly string[], exp: number | undefined): Promise<void> => {
    const now = Date.now();
    const waits: Promise<void>[] = [];
    const missing: string[] = [];
    for (const key of keys) {
      const entry = entries.get(key);
      if (entry !== undefined && entry.freshUntil > now) continue;
      const inFlight = pending.get(key);
      if (inFlight) waits.push(inFlight);
      else missing.push(key);
    }
    if (missing.length > 0) {
      const reading = read(missing, exp).finally(() => {
        for (const key of missing) if (pending.get(key) === reading) pending.delete(key);
      });
      for (const key of missing) pending.set(key, reading);
      waits.push(reading);
    }
    if (waits.length > 0) await Promise.all(waits);
  };

  const keysOf = (claims: SessionClaims): SessionKeys => {
    // The middleware hands the same (frozen) claims object for every request of a cached session.
    let keys = keysByClaims.get(claims);
    if (keys === undefined) {
      const jti = typeof claims.jti === 'string' && claims.jti !== '' ? claims.jti : undefined;
      const sub = typeof claims.sub === 'string' && claims.sub !== '' ? claims.sub : undefined;
      keys = { session: jti === undefined ? undefined : `session:${jti}`, subject: sub === undefined ? undefined : `subject:${sub}` };
      if (Object.isFrozen(claims)) keysByClaims.set(claims, keys);
    }
    return keys;
  };

  /** The verdict from memory when both entries are fresh (most requests), else undefined. */
  const cachedState = (claims: SessionClaims): boolean | undefined => {
    const { session, subject } = keysOf(claims);
    if (session === undefined && subject === undefined) return false;
    const now = Date.now();
    const sessionEntry = session === undefined ? undefined : entries.get(session);
    const subjectEntry = subject === undefined ? undefined : entries.get(subject);
    if (
      (session !== undefined && !(sessionEntry !== undefined && sessionEntry.freshUntil > now)) ||
      (subject !== undefined && !(subjectEntry !== undefined && subjectEntry.freshUntil > now))
    )
      return undefined;
    return verdict(claims, sessionEntry, subjectEntry);
  };

  const revocation: SessionRevocation = {
    revokeSession: async (claims) => {
      if (typeof claims !== 'object' || claims === null)
        throw new KitAuthError('invalid_config', 'revokeSession: pass the claims of the session to sign out (ctx.auth.claims).');
      const { session } = keysOf(claims);
      const exp = typeof claims.exp === 'number' ? claims.exp : undefined;
      if (session === undefined || exp === undefined) {
        throw new KitAuthError(
          'invalid_config',
          'revokeSession: the session has no jti or exp claim, so it cannot be told from the others; sign sessions with signSession, or sign the person out everywhere with revokeAllSessions.',
        );
      }
      const now = Date.now();
      const ttlMs = Math.ceil(exp * 1000 - now) + 1000;
      if (ttlMs <= 1000) return; // Already expired: nothing left to refuse.
      await store.set(session, now, ttlMs);
      remember(session, { value: now, freshUntil: exp * 1000 });
    },
    revokeAllSessions: async (subject) => {
      if (typeof subject !== 'string' || subject === '')
        throw new KitAuthError(
          'invalid_config',
          `revokeAllSessions: the subject must be the non-empty sub of the person's sessions, got ${JSON.stringify(subject)}.`,
        );
      const key = `subject:${subject}`;
      const now = Date.now();
      await store.set(key, now, subjectTtlMs + 60_000);
      remember(key, { value: now, freshUntil: now + cacheMs });
    },
    isRevoked: async (claims) => {
      const known = cachedState(claims);
      if (known !== undefined) return known;
      const { session, subject } = keysOf(claims);
      await ensure(
        [session, subject].filter((key): key is string => key !== undefined),
        typeof claims.exp === 'number' ? claims.exp : undefined,
      );
      return verdict(
        claims,
        session === undefined ? undefined : entries.get(session),
        subject === undefined ? undefined : entries.get(subject),
      );
    },
  };
  fastChecks.set(revocation, cachedState);
  return revocation;
}

/**
 * Revocations in this process's memory: right for one process and for tests. With several processes or
 * replicas, use a store they share (`RedisRevocationStore`, or a table of your database).
 *
 * @example
 * ```ts
 * import { createSessionRevocation, MemoryRevocationStore } from '@kit/kit-auth';
 *
 * const revocation = createSessionRevocation({ store: new MemoryRevocationStore() });
 * await revocation.revokeAllSessions('user_42');
 * ```
 */
export class MemoryRevocationStore implements SessionRevocationStore {
  readonly #values = new Map<string, { value: number; expiresAt: number }>();

  async set(key: string, value: number, ttlMs: number): Promise<void> {
    const now = Date.now();
    if (this.#values.size >= 10_000) for (const [stored, entry] of this.#values) if (entry.expiresAt <= now) this.#values.delete(stored);
    this.#values.delete(key);
    this.#values.set(key, { value, expiresAt: now + ttlMs });
  }

  async get(keys: readonly string[]): Promise<(number | null)[]> {
    const now = Date.now();
    return keys.map((key) => {
      const entry = this.#values.get(key);
      return entry !== undefined && entry.expiresAt > now ? entry.value : null;
    });
  }
}

/** The two commands `RedisRevocationStore` needs of a Redis client; an ioredis `Redis` has them. */
export interface RedisRevocationClient {
  set(key: string, value: string, mode: 'PX', milliseconds: number): Promise<unknown>;
  mget(keys: string[]): Promise<(string | null)[]>;
}

/**
 * Revocations in Redis, shared by every replica that uses the same server: one `SET … PX` per revocation, one
 * `MGET` per look-up (which `createSessionRevocation` makes at most once per `cacheSeconds` per session). It
 * uses a client the application holds (an ioredis `Redis`, the one it gives kit-core's `RedisStore`, say) and
 * writes keys under `prefix` (default `kit:revoked:`).
 *
 * @example
 * ```ts
 * import { Redis } from 'ioredis';
 * import { createSessionRevocation, RedisRevocationStore } from '@kit/kit-auth';
 *
 * const client = new Redis('redis://127.0.0.1:6379');
 * const revocation = createSessionRevocation({ store: new RedisRevocationStore({ client }) });
 * ```
 */
export class RedisRevocationStore implements SessionRevocationStore {
  readonly #client: RedisRevocationClient;
  readonly #prefix: string;

  constructor(options: { readonly client: RedisRevocationClient; readonly prefix?: string }) {
    if (typeof options?.client?.set !== 'function' || typeof options.client.mget !== 'function') {
      throw new KitAuthError(
        'invalid_config',
        'RedisRevocationStore: client must be a Redis client with set and mget, such as new Redis(url) of ioredis.',
      );
    }
    this.#client = options.client;
    this.#prefix = options.prefix ?? 'kit:revoked:';
  }

  async set(key: string, value: number, ttlMs: number): Promise<void> {
    await this.#client.set(`${this.#prefix}${key}`, String(value), 'PX', Math.max(1, Math.ceil(ttlMs)));
  }

  async get(keys: readonly string[]): Promise<(number | null)[]> {
    if (keys.length === 0) return [];
    const values = await this.#client.mget(keys.map((key) => `${this.#prefix}${key}`));
    return values.map(valueOf);
  }
}
