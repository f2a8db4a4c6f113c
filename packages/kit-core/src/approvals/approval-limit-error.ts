import { KitError } from '../errors/kit-error.js';
import type { ApprovalRequester } from './types.js';

/** Why a store refused a new approval: the requester's pending ones reached its cap, or the store is full. */
export type ApprovalLimitReason = 'requester' | 'store_full';

/**
 * Thrown by an `ApprovalStore`'s `addApproval` when it will not hold one more approval, and by a route
 * whose policy answers `approve` in that case. Nothing is evicted to make room, so a pending or decided
 * approval can never be pushed out by a flood of new calls:
 *
 * - `reason: 'requester'`: the caller already has `limit` approvals pending (`KitConfig.approvals.maxPendingPerRequester`).
 *   A `KitError` `rate_limited`, answered 429 with `Retry-After`.
 * - `reason: 'store_full'`: the store holds `limit` approvals in all (`MemoryApprovalStore`'s `maxApprovals`).
 *   A `KitError` `service_unavailable`, answered 503 with `Retry-After`.
 *
 * @example
 * ```ts
 * import { ApprovalLimitError, type CallEvent } from '@kit/kit-core';
 *
 * function note(event: CallEvent): string | undefined {
 *   const error = event.error;
 *   if (error instanceof ApprovalLimitError) return `${error.reason}: at most ${error.limit}, retry in ${error.headers['Retry-After'] ?? '?'} s`;
 *   return undefined;
 * }
 * ```
 */
export class ApprovalLimitError extends KitError {
  readonly reason: ApprovalLimitReason;
  /** The cap that was reached. */
  readonly limit: number;
  /** Who asked, for `reason: 'requester'`. */
  readonly requester: ApprovalRequester | undefined;

  constructor(reason: ApprovalLimitReason, limit: number, requester?: ApprovalRequester, retryAfterSeconds?: number) {
    const who =
      requester === undefined
        ? 'this caller'
        : requester.subject === undefined
          ? `${requester.authType} callers`
          : `${requester.authType} "${requester.subject.slice(0, 60)}"`;
    const message =
      reason === 'requester'
        ? `Approvals: ${who} already has ${limit} calls waiting for a person's decision, the most one caller may have (approvals.maxPendingPerRequester); wait until some are approved, denied or expire, then send the call again.`
        : `Approvals: the approval store holds ${limit} approvals, its maximum (maxApprovals of MemoryApprovalStore); none is dropped to make room. Send the call again later, or give the store a larger maxApprovals or a RedisStore.`;
    super(
      reason === 'requester' ? 'rate_limited' : 'service_unavailable',
      message,
      retryAfterSeconds === undefined ? {} : { headers: { 'Retry-After': String(retryAfterSeconds) } },
    );
    this.name = 'ApprovalLimitError';
    this.reason = reason;
    this.limit = limit;
    this.requester = requester;
  }

  /** The same refusal, answered with `Retry-After: <seconds>`. */
  withRetryAfter(seconds: number): ApprovalLimitError {
    return new ApprovalLimitError(this.reason, this.limit, this.requester, seconds);
  }
}
