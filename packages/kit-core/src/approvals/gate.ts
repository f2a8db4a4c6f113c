import type { KitContext } from '../definitions/context.js';
import type { HttpMethod } from '../definitions/routes.js';
import { KitError } from '../errors/kit-error.js';
import { newApprovalId, statusAt } from './approval-record.js';
import { ApprovalDeniedError } from './approval-denied-error.js';
import { ApprovalLimitError } from './approval-limit-error.js';
import { ApprovalRequiredError } from './approval-required-error.js';
import { approvalFingerprint, canonicalJson } from './fingerprint.js';
import type { ResolvedApprovalOptions } from './options.js';
import type { Approval, ApprovalRequester } from './types.js';

/** The call a policy holds for approval. */
export interface HeldCall {
  readonly route: { readonly method: HttpMethod; readonly path: string; readonly operationId: string };
  readonly ctx: KitContext;
  /** The validated input. */
  readonly input: unknown;
  readonly policy: string;
  /** Why: the policy's reason, else its title. */
  readonly reason: string | undefined;
}

/**
 * Lets a call that a policy holds for approval through, or says why not. An approved, unexpired
 * approval with the call's fingerprint is used (atomically: of several replicas racing, one wins and
 * the others look again) and resolved with; a pending one is reported again; a denied one is an
 * `ApprovalDeniedError` (403); otherwise a new pending approval is made. Rejects with `ApprovalRequiredError` while
 * the call waits, and with an `ApprovalLimitError` (429, or 503 for a full store, with `Retry-After`)
 * when the caller already has `maxPendingPerRequester` calls waiting.
 */
export async function passApproval(options: ResolvedApprovalOptions, call: HeldCall): Promise<Approval> {
  const requestedBy: ApprovalRequester = { authType: call.ctx.authType, ...(call.ctx.auth ? { subject: call.ctx.auth.subject } : {}) };
  const fingerprint = approvalFingerprint(call.route.operationId, requestedBy, call.input);
  const { store } = options;
  // Each pass either ends the call or sees a state another replica has just moved on from (an approval
  // it used first); a few passes settle any race.
  for (let attempt = 0; attempt < 4; attempt += 1) {
    let now = Date.now();
    const found = await store.findApproval(fingerprint);
    const status = found && statusAt(found, now);
    if (found && status === 'approved') {
      if (await store.consumeApproval(found.id, now)) return { ...found, status: 'used', usedAt: new Date(now).toISOString() };
      continue;
    }
    // A denial holds until the approval's expiry, as its 403 says; after that the call may ask again.
    if (found && status === 'denied' && Date.parse(found.expiresAt) > now) throw new ApprovalDeniedError(call.policy, found);
    if (found && status === 'pending') throw pending(options, found);
    now = Date.now();
    let stored: Approval;
    try {
      stored = await store.addApproval(newApproval(options, call, requestedBy, fingerprint, now), now, {
        maxPendingPerRequester: options.maxPendingPerRequester,
      });
    } catch (error) {
      if (error instanceof ApprovalLimitError) throw error.withRetryAfter(options.retryAfterSeconds);
      throw error;
    }
    if (statusAt(stored, now) === 'pending') throw pending(options, stored);
    // A duplicate approved meanwhile: the next pass uses it.
  }
  throw new KitError(
    'internal',
    `${call.route.operationId}: the approval of this call changed state on every attempt; the approval store may be shared with a misbehaving process.`,
  );
}

function newApproval(
  options: ResolvedApprovalOptions,
  call: HeldCall,
  requestedBy: ApprovalRequester,
  fingerprint: string,
  now: number,
): Approval {
  return {
    id: newApprovalId(),
    status: 'pending',
    action: call.route.operationId,
    route: { method: call.route.method, path: call.route.path, operationId: call.route.operationId },
    policy: call.policy,
    ...(call.reason === undefined ? {} : { reason: call.reason }),
    // Plain JSON, so every store reads back exactly what it was given.
    input: JSON.parse(canonicalJson(call.input)) as unknown,
    requestedBy,
    fingerprint,
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + options.ttl).toISOString(),
  };
}

function pending(options: ResolvedApprovalOptions, approval: Approval): ApprovalRequiredError {
  return new ApprovalRequiredError(approval, `${options.basePath}/${approval.id}`, options.retryAfterSeconds);
}
