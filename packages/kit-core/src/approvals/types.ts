import type { AuthType } from '../definitions/context.js';
import type { HttpMethod } from '../definitions/routes.js';

/**
 * Where an approval stands. `pending` waits for a person; `approved` and `denied` are their decision;
 * `used` is an approval whose call has run (each approval runs one call); `expired` is a `pending` or
 * `approved` approval whose `expiresAt` has passed (stores never write it: it is read from the clock).
 */
export type ApprovalStatus = 'pending' | 'approved' | 'denied' | 'expired' | 'used';

/** Who asked for an approval: the auth type of the caller and, when authenticated, its subject. */
export interface ApprovalRequester {
  readonly authType: AuthType;
  readonly subject?: string;
}

/**
 * One request for a person's decision: what was attempted (`action`, `input`), by whom, under which
 * policy and why, and what was decided. Plain JSON, so any store can keep it.
 *
 * @example
 * ```ts
 * import type { Approval } from '@kit/kit-core';
 *
 * function summary(approval: Approval): string {
 *   return `${approval.action} by ${approval.requestedBy.subject ?? approval.requestedBy.authType}: ${approval.status}`;
 * }
 * ```
 */
export interface Approval {
  /** 128 random bits, base64url (22 characters): unguessable, so it can appear in a URL. */
  readonly id: string;
  readonly status: ApprovalStatus;
  /** The operation id of the route (`post_api_refunds`), or any label given to `createApproval`. */
  readonly action: string;
  /** The route whose call waits, when a route's policy asked for the approval. */
  readonly route?: { readonly method: HttpMethod; readonly path: string; readonly operationId: string };
  /** Key of the policy that asked for it. */
  readonly policy?: string;
  /** Why a person must decide: the policy's reason, else its title. */
  readonly reason?: string;
  /** The validated input of the call, for the person deciding; never shown to the caller. */
  readonly input?: unknown;
  readonly requestedBy: ApprovalRequester;
  /**
   * SHA-256 (hex) of the action, the requester and the canonical JSON of the input: the same call by
   * the same caller has the same fingerprint, which is how a retried call finds its approval.
   */
  readonly fingerprint: string;
  /** ISO 8601 times. */
  readonly createdAt: string;
  /** After this, a pending approval can no longer be decided, nor an approved one used. */
  readonly expiresAt: string;
  readonly decidedAt?: string;
  /** Who decided, as passed to `resolveApproval` (`by`). */
  readonly decidedBy?: string;
  /** The note of the decision, shown to the caller (a denied call's 403 quotes it). */
  readonly note?: string;
  /** When the approved call ran. */
  readonly usedAt?: string;
}

/** A decision as a store records it. */
export interface ApprovalChange {
  readonly status: 'approved' | 'denied';
  readonly decidedAt: string;
  readonly decidedBy?: string;
  readonly note?: string;
}

/**
 * What `decideApproval` did: `decided` (it was pending and is now approved or denied), `missing` (no
 * such approval), `not_pending` (already decided or used) or `expired`. `approval` is the approval as
 * it stands after the attempt, absent when missing.
 */
export interface ApprovalTransition {
  readonly outcome: 'decided' | 'missing' | 'not_pending' | 'expired';
  readonly approval?: Approval;
}

/**
 * Limits a store applies when it adds an approval (see `ApprovalStore.addApproval`).
 *
 * @example
 * ```ts
 * import type { Approval, ApprovalLimits, ApprovalStore } from '@kit/kit-core';
 *
 * async function ask(store: ApprovalStore, approval: Approval): Promise<Approval> {
 *   const limits: ApprovalLimits = { maxPendingPerRequester: 20 };
 *   return store.addApproval(approval, Date.now(), limits);
 * }
 * ```
 */
export interface ApprovalLimits {
  /**
   * Most approvals one requester (same auth type and subject) may have pending and unexpired at once;
   * past it the store rejects with an `ApprovalLimitError` (`reason: 'requester'`). None when omitted.
   */
  readonly maxPendingPerRequester?: number;
}

/**
 * Where approvals live: `MemoryApprovalStore` (one process; the default) or `RedisStore` (shared by
 * every replica). Stores keep `status` as `pending`, `approved`, `denied` or `used`; `expired` is
 * derived by readers from `expiresAt`. The two transitions are atomic, so two replicas can never both
 * decide one approval, nor both use one approval. `now` is the caller's clock in milliseconds.
 * Method names carry `Approval` so that one class (`RedisStore`) can also be another kind of store.
 *
 * @example
 * ```ts
 * import { MemoryApprovalStore, RedisStore, type ApprovalStore } from '@kit/kit-core';
 *
 * const store: ApprovalStore = process.env.REDIS_URL ? new RedisStore({ url: process.env.REDIS_URL }) : new MemoryApprovalStore();
 * ```
 */
export interface ApprovalStore {
  /**
   * Saves a new pending approval, unless a live one (pending or approved, not expired) has the same
   * fingerprint: that one is returned instead, so a repeated request never makes a second approval.
   * Resolves with the approval stored. Never makes room by dropping another approval: when the
   * requester already has `limits.maxPendingPerRequester` pending, or the store is full, it rejects
   * with an `ApprovalLimitError` and stores nothing (the duplicate check comes first, so a repeated
   * call still finds its approval).
   */
  addApproval(approval: Approval, now: number, limits?: ApprovalLimits): Promise<Approval>;
  /** The approval with this id, or undefined. */
  getApproval(id: string): Promise<Approval | undefined>;
  /** The latest approval saved with this fingerprint, whatever its status, or undefined. */
  findApproval(fingerprint: string): Promise<Approval | undefined>;
  /** Atomically moves a pending, unexpired approval to `approved` or `denied`. */
  decideApproval(id: string, change: ApprovalChange, now: number): Promise<ApprovalTransition>;
  /** Atomically moves an approved, unexpired approval to `used`; true only for the one caller that did. */
  consumeApproval(id: string, now: number): Promise<boolean>;
  /** Every approval held, oldest first. */
  listApprovals(): Promise<Approval[]>;
  /** Forgets every approval. */
  clearApprovals(): Promise<void>;
}
