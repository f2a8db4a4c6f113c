import type { AuthType } from '../definitions/context.js';
import { KitError } from '../errors/kit-error.js';
import { quoteInput } from '../errors/problem.js';
import { asOf, isApprovalId, newApprovalId, statusAt } from './approval-record.js';
import { checkApprovalStore } from './options.js';
import { defaultApprovalStore } from './default-store.js';
import { approvalFingerprint, canonicalJson } from './fingerprint.js';
import { approvalTtlMs } from './ttl.js';
import type { Approval, ApprovalRequester, ApprovalStatus, ApprovalStore } from './types.js';

/** Which store an approval function works on. */
export interface ApprovalStoreOption {
  /** Default: the process-wide memory store, which `createKitApp` also uses unless configured otherwise. */
  readonly store?: ApprovalStore;
}

/** What `createApproval` records. */
export interface ApprovalRequest {
  /** What waits for the decision: an operation id (`post_api_refunds`) or any label (`send-newsletter`). */
  readonly action: string;
  /** What the action would be done with, for the person deciding; plain JSON. */
  readonly input?: unknown;
  /** Why a person must decide. */
  readonly reason?: string;
  /** Key of the policy that asked for it, if any. */
  readonly policy?: string;
  /** Who asks. Default `{ authType: 'anonymous' }`. */
  readonly requestedBy?: ApprovalRequester;
  /** How long it can wait for a decision and, once approved, be used: ms or `'15m'`, `'24h'`. Default `'24h'`. */
  readonly ttl?: string | number;
}

/** A person's decision, for `resolveApproval`. */
export interface ApprovalDecision {
  readonly approved: boolean;
  /** Who decided (a user id, an e-mail address), kept with the approval. */
  readonly by?: string;
  /** A note for the caller; a denied call's 403 quotes it. */
  readonly note?: string;
}

const statuses: readonly ApprovalStatus[] = ['pending', 'approved', 'denied', 'expired', 'used'];
const authTypes: readonly AuthType[] = ['anonymous', 'human', 'agent'];
const maxTextLength = 1_000;

/**
 * Records an approval waiting for a person's decision. A route whose policy answers `approve` does
 * this itself; call it for actions that are not routes (a step of a job, an agent's tool call).
 * The request is fingerprinted (action, requester, canonical input): while an approval of the same
 * fingerprint is pending or approved and unexpired, that one is returned instead of a second. An
 * approval made here for a route's operation id, requester and validated input is the one the
 * route's call will find and use.
 *
 * @example
 * ```ts
 * import { createApproval } from '@kit/kit-core';
 *
 * const approval = await createApproval({
 *   action: 'send-newsletter',
 *   input: { list: 'all-customers' },
 *   reason: 'Goes to 40 000 people',
 *   requestedBy: { authType: 'agent', subject: 'agent:marketing-bot' },
 *   ttl: '4h',
 * });
 * console.log(approval.status, approval.id); // pending Xk3…
 * ```
 */
export async function createApproval(request: ApprovalRequest, options: ApprovalStoreOption = {}): Promise<Approval> {
  const component = 'createApproval';
  const store = storeOf(component, options);
  if (typeof request !== 'object' || request === null)
    throw invalid(`${component}: the request must be an object with at least action, such as { action: 'send-newsletter' }.`);
  const action = requiredText(component, 'action', request.action, 200);
  const reason = optionalText(component, 'reason', request.reason);
  const policy = optionalText(component, 'policy', request.policy);
  const requestedBy = requesterOf(component, request.requestedBy);
  const ttl = approvalTtlMs(component, request.ttl);
  const input = plainJson(component, request.input);
  const now = Date.now();
  const approval: Approval = {
    id: newApprovalId(),
    status: 'pending',
    action,
    ...(policy === undefined ? {} : { policy }),
    ...(reason === undefined ? {} : { reason }),
    ...(input === undefined ? {} : { input }),
    requestedBy,
    fingerprint: approvalFingerprint(action, requestedBy, input),
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + ttl).toISOString(),
  };
  return asOf(await store.addApproval(approval, now), now);
}

/**
 * Records a person's decision on a pending approval: `approved: true` lets the waiting call run once
 * (the caller sends the same call again), `false` denies it (the same call then gets a 403 quoting
 * `note`). Atomic: of two people deciding at once, one decides and the other gets an error. Rejects
 * with a `KitError`: `not_found` for an unknown id; `conflict` (409) for an approval already decided
 * or used (`Approval <id> is already approved …`), or expired (`… has expired …`), naming its status.
 *
 * Deciding is a privileged action with no route of its own: expose it from a route guarded by a
 * policy or a permission check, passing the same store as the app.
 *
 * @example
 * ```ts
 * import { z } from 'zod';
 * import { defineAPI, definePolicy, resolveApproval } from '@kit/kit-core';
 *
 * export const reviewersOnly = definePolicy({
 *   key: 'reviewers-only',
 *   title: 'Only reviewers decide approvals',
 *   effect: 'deny',
 *   check: async ({ ctx }) => ({ applies: !ctx.auth?.permissions.includes('approvals:decide'), reason: 'you are not a reviewer' }),
 * });
 *
 * export const decide = defineAPI({
 *   capability: 'write',
 *   policy: 'reviewers-only',
 *   input: z.strictObject({ id: z.string(), approved: z.boolean(), note: z.string().optional() }),
 *   handler: async ({ input, ctx }) => {
 *     const approval = await resolveApproval(input.id, { approved: input.approved, by: ctx.auth?.subject, note: input.note });
 *     return { id: approval.id, status: approval.status };
 *   },
 * });
 * // routes: { 'POST /api/approvals/:id/decision': decide }, policies: [reviewersOnly]
 * ```
 */
export async function resolveApproval(id: string, decision: ApprovalDecision, options: ApprovalStoreOption = {}): Promise<Approval> {
  const component = 'resolveApproval';
  const store = storeOf(component, options);
  if (typeof decision !== 'object' || decision === null || typeof decision.approved !== 'boolean') {
    throw invalid(
      `${component}: the decision must be { approved: true } or { approved: false }, with optional by and note; got ${describe(decision)}.`,
    );
  }
  const by = optionalText(component, 'by', decision.by);
  const note = optionalText(component, 'note', decision.note);
  if (!isApprovalId(id)) throw notFound(component, id);
  const now = Date.now();
  const transition = await store.decideApproval(
    id,
    {
      status: decision.approved ? 'approved' : 'denied',
      decidedAt: new Date(now).toISOString(),
      ...(by === undefined ? {} : { decidedBy: by }),
      ...(note === undefined ? {} : { note }),
    },
    now,
  );
  const approval = transition.approval;
  if (transition.outcome === 'missing' || !approval) throw notFound(component, id);
  if (transition.outcome === 'expired') {
    throw conflict(
      `${component}: approval ${id} has expired (at ${approval.expiresAt}) without a decision; the caller must send its call again to ask for a new one.`,
    );
  }
  if (transition.outcome === 'not_pending') {
    const status = statusAt(approval, now);
    const when = approval.decidedAt ? ` at ${approval.decidedAt}${approval.decidedBy ? ` by ${approval.decidedBy}` : ''}` : '';
    throw conflict(`${component}: approval ${id} is already ${status}${status === 'used' ? '' : when}; an approval is decided once.`);
  }
  return asOf(approval, now);
}

/**
 * The approval with this id, with its status as of now (`expired` once past `expiresAt` undecided or
 * unused), or undefined when there is none (or it expired more than the store's grace period ago).
 *
 * @example
 * ```ts
 * import { getApproval } from '@kit/kit-core';
 *
 * const approval = await getApproval('Xk3mJ7qTq0p3u1bq3D2pFw');
 * console.log(approval?.status ?? 'unknown');
 * ```
 */
export async function getApproval(id: string, options: ApprovalStoreOption = {}): Promise<Approval | undefined> {
  const store = storeOf('getApproval', options);
  if (!isApprovalId(id)) return undefined;
  const approval = await store.getApproval(id);
  return approval && asOf(approval, Date.now());
}

/**
 * The approvals a store holds, oldest first, with their status as of now; only those of `status`
 * when given. What a reviewers' page lists.
 *
 * @example
 * ```ts
 * import { listApprovals } from '@kit/kit-core';
 *
 * for (const approval of await listApprovals({ status: 'pending' })) {
 *   console.log(approval.id, approval.action, approval.reason, approval.input);
 * }
 * ```
 */
export async function listApprovals(
  query: { readonly status?: ApprovalStatus } = {},
  options: ApprovalStoreOption = {},
): Promise<Approval[]> {
  const component = 'listApprovals';
  const store = storeOf(component, options);
  const wanted = query?.status;
  if (wanted !== undefined && !statuses.includes(wanted)) {
    throw invalid(`${component}: status ${describe(wanted)} is not an approval status; use one of ${statuses.join(', ')}.`);
  }
  const now = Date.now();
  const approvals = (await store.listApprovals()).map((approval) => asOf(approval, now));
  return wanted === undefined ? approvals : approvals.filter((approval) => approval.status === wanted);
}

/**
 * Forgets every approval of a store (the process-wide memory store by default): for tests, so each
 * starts from an empty store. On a shared `RedisStore` it clears them for every replica.
 *
 * @example
 * ```ts
 * import { beforeEach } from 'vitest';
 * import { clearApprovals } from '@kit/kit-core';
 *
 * beforeEach(() => clearApprovals());
 * ```
 */
export async function clearApprovals(options: ApprovalStoreOption = {}): Promise<void> {
  await storeOf('clearApprovals', options).clearApprovals();
}

function storeOf(component: string, options: ApprovalStoreOption | undefined): ApprovalStore {
  const store = options?.store ?? defaultApprovalStore();
  checkApprovalStore(component, store);
  return store;
}

function requesterOf(component: string, requester: ApprovalRequester | undefined): ApprovalRequester {
  if (requester === undefined) return { authType: 'anonymous' };
  if (typeof requester !== 'object' || requester === null || !authTypes.includes(requester.authType)) {
    throw invalid(
      `${component}: requestedBy must be { authType, subject? } with authType one of ${authTypes.join(', ')}; got ${describe(requester)}.`,
    );
  }
  const subject = optionalText(component, 'requestedBy.subject', requester.subject);
  return { authType: requester.authType, ...(subject === undefined ? {} : { subject }) };
}

function requiredText(component: string, field: string, value: unknown, max: number): string {
  if (typeof value !== 'string' || value.trim() === '' || value.length > max) {
    throw invalid(`${component}: ${field} must be a non-empty string of at most ${max} characters, got ${describe(value)}.`);
  }
  return value;
}

function optionalText(component: string, field: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length > maxTextLength) {
    throw invalid(
      `${component}: ${field} must be a string of at most ${maxTextLength} characters, got ${describe(value)}; omit it if there is none.`,
    );
  }
  return value;
}

/** The input as plain JSON (dates as ISO strings), so every store keeps exactly what it read back. */
function plainJson(component: string, input: unknown): unknown {
  if (input === undefined) return undefined;
  try {
    return JSON.parse(canonicalJson(input)) as unknown;
  } catch {
    throw invalid(
      `${component}: input must be JSON-serialisable (no cycles), so a person can read it; pass the values the action would use.`,
    );
  }
}

function conflict(message: string): KitError {
  return new KitError('conflict', message);
}

function invalid(message: string): KitError {
  return new KitError('invalid_input', message);
}

function notFound(component: string, id: unknown): KitError {
  return new KitError(
    'not_found',
    `${component}: no approval ${quoteInput(String(id))}; approval ids are the 22-character approvalId of a 202, and an approval is forgotten an hour after it expires.`,
  );
}

function describe(value: unknown): string {
  if (typeof value === 'string') return quoteInput(value);
  try {
    return (JSON.stringify(value) ?? String(value)).slice(0, 60);
  } catch {
    return String(value).slice(0, 60);
  }
}
