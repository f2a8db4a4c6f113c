import { defaultApprovalStore } from './default-store.js';
import { approvalTtlMs } from './ttl.js';
import type { ApprovalStore } from './types.js';

/**
 * How an app keeps approvals (`KitConfig.approvals`).
 *
 * @example
 * ```ts
 * import { createKitApp, RedisStore } from '@kit/kit-core';
 *
 * const app = createKitApp({
 *   routes: {},
 *   approvals: { store: new RedisStore({ url: 'redis://127.0.0.1:6379' }), ttl: '4h', basePath: '/api/approvals', maxPendingPerRequester: 10 },
 * });
 * ```
 */
export interface ApprovalOptions {
  /**
   * Where approvals live. Default: the process-wide memory store, the one `createApproval`,
   * `resolveApproval` and the other functions use when they are given no store. Give a `RedisStore`
   * when several processes or replicas serve the app, and pass the same store to `resolveApproval`.
   */
  readonly store?: ApprovalStore;
  /**
   * How long a new approval can wait for a decision and, once approved, be used: milliseconds, or a
   * count and a unit (`'15m'`, `'24h'`, `'7d'`). Default `'24h'`; at most 366 days.
   */
  readonly ttl?: string | number;
  /** Where the app serves `GET <basePath>/:id`, the status of an approval. Default `/approvals`. */
  readonly basePath?: string;
  /**
   * `Retry-After` of the 202 a pending call gets, in seconds, and of the 429 (or 503) a call gets when
   * no approval can be made for it now. Default 30.
   */
  readonly retryAfterSeconds?: number;
  /**
   * Most calls one requester (an auth type and subject: one API key's agent, one person, or all
   * anonymous callers together) may have waiting for a decision at once. A new call past it is
   * answered 429 with `Retry-After`, and no approval is made; a call repeated exactly still finds its
   * own approval. Default 20; at most 100 000.
   */
  readonly maxPendingPerRequester?: number;
}

/** `ApprovalOptions` with every default filled in and every value checked. */
export interface ResolvedApprovalOptions {
  readonly store: ApprovalStore;
  readonly ttl: number;
  readonly basePath: string;
  readonly retryAfterSeconds: number;
  readonly maxPendingPerRequester: number;
}

/** Default of `ApprovalOptions.maxPendingPerRequester`. */
export const defaultMaxPendingPerRequester = 20;

const storeMethods = [
  'addApproval',
  'getApproval',
  'findApproval',
  'decideApproval',
  'consumeApproval',
  'listApprovals',
  'clearApprovals',
] as const;

/** Checks `options` (a `TypeError` naming `component` and the fix) and fills in the defaults. */
export function resolveApprovalOptions(component: string, options: ApprovalOptions = {}): ResolvedApprovalOptions {
  const store = options.store ?? defaultApprovalStore();
  checkApprovalStore(component, store);
  let ttl: number;
  try {
    ttl = approvalTtlMs(`${component}: approvals`, options.ttl);
  } catch (error) {
    throw new TypeError((error as Error).message);
  }
  const basePath = options.basePath ?? '/approvals';
  if (typeof basePath !== 'string' || !/^(\/[A-Za-z0-9._~-]+)+$/.test(basePath)) {
    throw new TypeError(
      `${component}: approvals.basePath ${JSON.stringify(basePath)} must be a path of plain segments, starting with "/" and not ending with one, such as "/approvals"; the status of approval <id> is then served at <basePath>/<id>.`,
    );
  }
  const retryAfterSeconds = options.retryAfterSeconds ?? 30;
  if (!Number.isSafeInteger(retryAfterSeconds) || retryAfterSeconds < 1 || retryAfterSeconds > 86_400) {
    throw new TypeError(
      `${component}: approvals.retryAfterSeconds must be a whole number of seconds from 1 to 86400, got ${String(retryAfterSeconds)}; omit it for 30.`,
    );
  }
  const maxPendingPerRequester = options.maxPendingPerRequester ?? defaultMaxPendingPerRequester;
  if (!Number.isSafeInteger(maxPendingPerRequester) || maxPendingPerRequester < 1 || maxPendingPerRequester > 100_000) {
    throw new TypeError(
      `${component}: approvals.maxPendingPerRequester must be a whole number from 1 to 100000, got ${String(maxPendingPerRequester)}; omit it for ${defaultMaxPendingPerRequester}.`,
    );
  }
  return { store, ttl, basePath, retryAfterSeconds, maxPendingPerRequester };
}

/** Throws a `TypeError` unless `store` has every method of an `ApprovalStore`. */
export function checkApprovalStore(component: string, store: unknown): asserts store is ApprovalStore {
  const missing = storeMethods.filter((method) => typeof (store as Record<string, unknown> | null)?.[method] !== 'function');
  if (missing.length > 0) {
    throw new TypeError(
      `${component}: the approval store lacks ${missing.join(', ')}; pass a MemoryApprovalStore, a RedisStore or another ApprovalStore.`,
    );
  }
}
