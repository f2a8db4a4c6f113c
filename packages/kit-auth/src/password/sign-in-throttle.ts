import { hash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { MemoryStore, parseWindow, type RateLimitHit, type RateLimitStore } from '@kit/kit-core';
import { KitAuthError } from '../errors/kit-auth-error.js';

/** One limit of `createSignInThrottle`: at most `attempts` attempts per `window` (`'15m'`, `'1h'`). */
export interface ThrottleRule {
  readonly attempts: number;
  readonly window: string;
}

/** Options of `createSignInThrottle`. */
export interface SignInThrottleOptions {
  /**
   * Where the counters live: a `RedisStore` of kit-core when several processes or replicas serve the app, so
   * a limit holds across all of them. Default: a `MemoryStore` of this process.
   */
  readonly store?: RateLimitStore;
  /** Sign-in attempts on one account, from anywhere. Default 10 per 15 minutes. */
  readonly perAccount?: ThrottleRule;
  /** Sign-in attempts from one client, on any account. Default 100 per 15 minutes. */
  readonly perClient?: ThrottleRule;
  /** Sign-ups from one client. Default 20 per hour. */
  readonly signUpPerClient?: ThrottleRule;
  /**
   * Told when the shared store fails (Redis down or too slow). The throttle then counts in this process for
   * `fallbackMs` before it tries the store again: limits hold per process instead of switching off.
   */
  readonly onStoreError?: (error: unknown) => void;
  /** How long to count in this process after the store failed, in milliseconds. Default 5000. */
  readonly fallbackMs?: number;
}

/** What a sign-in is counted against. */
export interface SignInAttempt {
  /** The account asked for, as typed (an e-mail address); trimmed and lower-cased here, and only its hash is stored. */
  readonly account: string;
  /** The client: its address (`ctx.connection?.remoteAddress`), or what your proxy set-up trusts. IPv6 addresses count by their /64. */
  readonly client: string | undefined;
}

/** Sign-in and sign-up throttling, from `createSignInThrottle`. */
export interface SignInThrottle {
  /**
   * Counts one sign-in attempt against the account and against the client, and throws `KitAuthError`
   * `too_many_attempts` (429, `retryAfterSeconds` set) when either is over its limit. Call it before checking
   * the password, so that refused attempts cost no hashing.
   */
  signIn(attempt: SignInAttempt): Promise<void>;
  /** Counts one sign-up from the client, and throws `too_many_attempts` when it is over its limit. */
  signUp(attempt: { readonly client: string | undefined }): Promise<void>;
}

interface ResolvedRule {
  readonly attempts: number;
  readonly windowMs: number;
}

const defaults = {
  perAccount: { attempts: 10, window: '15m' },
  perClient: { attempts: 100, window: '15m' },
  signUpPerClient: { attempts: 20, window: '1h' },
} as const;

function fail(message: string): KitAuthError {
  return new KitAuthError('invalid_config', `createSignInThrottle: ${message}.`);
}

function resolveRule(rule: ThrottleRule | undefined, fallback: ThrottleRule, name: string): ResolvedRule {
  const chosen = rule ?? fallback;
  if (typeof chosen !== 'object' || chosen === null || !Number.isSafeInteger(chosen.attempts) || chosen.attempts < 1) {
    throw fail(
      `${name}.attempts must be a whole number of at least 1, such as { attempts: ${fallback.attempts}, window: '${fallback.window}' }, got ${JSON.stringify(chosen?.attempts)}`,
    );
  }
  try {
    return { attempts: chosen.attempts, windowMs: parseWindow(chosen.window) };
  } catch {
    throw fail(
      `${name}.window must be a count and a unit (ms, s, m, h or d), such as '${fallback.window}', got ${JSON.stringify(chosen.window)}`,
    );
  }
}

/** Expands an IPv6 address to its eight groups. */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('::') as [string, string | undefined];
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const middle = tail === undefined ? [] : Array.from({ length: 8 - left.length - right.length }, () => '0');
  return [...left, ...middle, ...right].map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''));
}

/**
 * The key of a client: an IPv4 address as it is (also when written as IPv4-mapped IPv6), an IPv6 address by
 * its /64 (one subscriber usually holds a whole /64, so counting single addresses would let it rotate freely),
 * anything else (a key your proxy set-up makes) as given.
 */
function clientKey(client: string | undefined): string {
  if (typeof client !== 'string' || client === '') return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(client);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  const bare = client.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIPv6(bare) && !bare.includes('.')) return `${ipv6Groups(bare).slice(0, 4).join(':')}::/64`;
  return client.length > 200 ? hash('sha256', client, 'base64url') : client;
}

function accountKey(account: string): string {
  return hash('sha256', String(account).trim().normalize('NFC').toLowerCase(), 'base64url');
}

function minutes(seconds: number): string {
  return seconds < 120 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`;
}

/**
 * Throttles sign-in and sign-up, the way every app with passwords needs to: attempts are counted per account
 * (10 per 15 minutes by default, wherever they come from) and per client (100 per 15 minutes, on any account),
 * and sign-ups per client (20 per hour), on kit-core's rate-limit stores. Past a limit, `signIn` and `signUp`
 * throw `KitAuthError` `too_many_attempts`, a 429 with `Retry-After` through `toKitError()`. Attempts are counted
 * whether the password was right or not (the store only counts), so the limits are set above what a person
 * needs; an unknown account is counted like a known one, so the throttle itself tells nothing about which
 * accounts exist. Account names are stored only as their SHA-256.
 *
 * With a shared `RedisStore`, the limits hold across replicas. When that store fails, the throttle does not
 * switch off: it counts in a `MemoryStore` of this process (limits then hold per process), tells
 * `onStoreError`, and tries the shared store again after `fallbackMs` (5 s).
 *
 * A per-account limit also lets anyone hold an account's sign-in shut for a while by failing on purpose;
 * lower `perAccount` trades more of that for fewer guesses. Bad options throw `invalid_config` here.
 *
 * @param options - `store`, `perAccount`, `perClient`, `signUpPerClient`, `onStoreError`, `fallbackMs`.
 *
 * @example
 * ```ts
 * import { createKitApp, RedisStore } from '@kit/kit-core';
 * import { createSignInThrottle, KitAuthError } from '@kit/kit-auth';
 *
 * const throttle = createSignInThrottle({ store: new RedisStore({ url: 'redis://127.0.0.1:6379' }) });
 * const app = createKitApp({ routes: {} });
 * app.mount('/auth/login', ['POST'], async (request, ctx) => {
 *   const form = await request.formData();
 *   try {
 *     await throttle.signIn({ account: String(form.get('email')), client: ctx.connection?.remoteAddress });
 *   } catch (error) {
 *     throw error instanceof KitAuthError ? error.toKitError() : error; // 429 with Retry-After
 *   }
 *   // ... check the password with verifyPassword, then sign the session
 *   return new Response(null, { status: 204 });
 * });
 * ```
 */
export function createSignInThrottle(options: SignInThrottleOptions = {}): SignInThrottle {
  if (typeof options !== 'object' || options === null) throw fail('options must be an object such as { store }');
  const shared = options.store;
  if (shared !== undefined && typeof shared?.hit !== 'function')
    throw fail('store must be a RateLimitStore (a MemoryStore or RedisStore of @kit/kit-core)');
  const perAccount = resolveRule(options.perAccount, defaults.perAccount, 'perAccount');
  const perClient = resolveRule(options.perClient, defaults.perClient, 'perClient');
  const signUpPerClient = resolveRule(options.signUpPerClient, defaults.signUpPerClient, 'signUpPerClient');
  const fallbackMs = options.fallbackMs ?? 5000;
  if (!Number.isFinite(fallbackMs) || fallbackMs < 0)
    throw fail(`fallbackMs must be 0 or more milliseconds, got ${String(options.fallbackMs)}`);
  if (options.onStoreError !== undefined && typeof options.onStoreError !== 'function') throw fail('onStoreError must be a function');

  const local = new MemoryStore();
  let sharedDownUntil = 0;

  const hit = async (key: string, windowMs: number): Promise<RateLimitHit> => {
    if (shared === undefined || Date.now() < sharedDownUntil) return local.hit(key, windowMs);
    try {
      return await shared.hit(key, windowMs);
    } catch (error) {
      sharedDownUntil = Date.now() + fallbackMs;
      try {
        options.onStoreError?.(error);
      } catch {
        // A failing reporter must not turn a throttled sign-in into a 500.
      }
      return local.hit(key, windowMs);
    }
  };

  const count = async (key: string, rule: ResolvedRule, refusal: (wait: string) => string): Promise<void> => {
    const { count: attempts, resetMs } = await hit(key, rule.windowMs);
    if (attempts <= rule.attempts) return;
    const retryAfterSeconds = Math.max(1, Math.ceil(resetMs / 1000));
    throw new KitAuthError('too_many_attempts', refusal(minutes(retryAfterSeconds)), { retryAfterSeconds });
  };

  return {
    signIn: async ({ account, client }) => {
      // Both counters move on every attempt, so that one refused by the client limit still counts against the account.
      const [byAccount, byClient] = await Promise.allSettled([
        count(
          `kit-auth:sign-in:account:${accountKey(account)}`,
          perAccount,
          (wait) => `Too many sign-in attempts on this account; try again in ${wait}.`,
        ),
        count(
          `kit-auth:sign-in:client:${clientKey(client)}`,
          perClient,
          (wait) => `Too many sign-in attempts from this address; try again in ${wait}.`,
        ),
      ]);
      for (const outcome of [byAccount, byClient]) if (outcome.status === 'rejected') throw outcome.reason;
    },
    signUp: async ({ client }) => {
      await count(
        `kit-auth:sign-up:client:${clientKey(client)}`,
        signUpPerClient,
        (wait) => `Too many accounts were made from this address; try again in ${wait}.`,
      );
    },
  };
}
