import type { KitContext } from '../definitions/context.js';
import type { PolicyDefinition } from '../definitions/define-policy.js';
import type { RegisteredRoute } from '../registry/capability-registry.js';
import { KitError } from '../errors/kit-error.js';
import { asOf, isApprovalId, viewOf } from './approval-record.js';
import type { ApprovalRequiredError } from './approval-required-error.js';
import type { ApprovalStore } from './types.js';

const noStore = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' };

/**
 * The answer to a call that waits for an approval: 202 with `{ approvalId, status: 'pending',
 * statusUrl, policy, reason?, expiresAt }`, `Location` at the status URL and `Retry-After`.
 */
export function pendingApprovalResponse(error: ApprovalRequiredError): Response {
  return new Response(JSON.stringify(error.pendingBody()), { status: 202, headers: { ...noStore, ...error.headers } });
}

/**
 * `GET <basePath>/:id`: the public view of an approval (never its input). An approval asked for by an
 * authenticated caller is shown only to that caller (same subject and auth type); to anyone else, as to an unknown
 * id, it is a 404, so its existence is not revealed. One asked for without a subject is shown to
 * whoever holds its id, which is 128 random bits.
 */
export async function approvalStatusResponse(store: ApprovalStore, id: string, ctx: KitContext): Promise<Response> {
  const approval = isApprovalId(id) ? await store.getApproval(id) : undefined;
  const requester = approval?.requestedBy;
  const sameCaller = requester?.subject === undefined || (ctx.auth?.subject === requester.subject && ctx.authType === requester.authType);
  if (!approval || !sameCaller) {
    throw new KitError(
      'not_found',
      `No approval ${JSON.stringify(id.slice(0, 40))} for this caller; use the statusUrl of the 202 that asked for it, with the same credentials. Approvals are forgotten an hour after they expire.`,
    );
  }
  return new Response(JSON.stringify(viewOf(asOf(approval, Date.now()))), { status: 200, headers: noStore });
}

/**
 * Whether an app has approvals to show: some route names a policy whose effect is `approve`. An app
 * without one serves no status endpoint (unless its config sets `approvals`).
 */
export function holdsForApproval(policies: readonly PolicyDefinition[], routes: readonly RegisteredRoute[]): boolean {
  const approving = new Set(policies.filter((policy) => policy.effect === 'approve').map((policy) => policy.key));
  return routes.some((route) => route.definition.policy !== undefined && approving.has(route.definition.policy));
}
