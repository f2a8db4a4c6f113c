import { KitError } from '../errors/kit-error.js';
import type { Approval } from './types.js';

/**
 * Thrown by `CapabilityRegistry.invoke` when a route's policy answers `approve` and no approved
 * approval of this exact call (same route, caller and input) is waiting to be used: `approval` is
 * the pending one, new or found again. It is a `KitError` `forbidden`, so an edge that does not know
 * approvals refuses the call (403) rather than fail; the app's HTTP edge answers it 202 with the
 * approval's status URL, MCP as a tool error naming the approval, A2A as a task in `input-required`.
 *
 * @example
 * ```ts
 * import { ApprovalRequiredError, type CapabilityRegistry, type KitContext, type RegisteredRoute } from '@kit/kit-core';
 *
 * async function call(registry: CapabilityRegistry, route: RegisteredRoute, input: unknown, ctx: KitContext) {
 *   try {
 *     return await registry.invoke(route, input, ctx);
 *   } catch (error) {
 *     if (error instanceof ApprovalRequiredError) return error.pendingBody(); // { approvalId, status: 'pending', statusUrl, ... }
 *     throw error;
 *   }
 * }
 * ```
 */
export class ApprovalRequiredError extends KitError {
  /** The pending approval. */
  readonly approval: Approval;
  /** Where the caller reads the approval's status: `/approvals/<id>` unless the app moved it. */
  readonly statusUrl: string;
  /** Seconds a client should wait before it asks again (`Retry-After` of the 202). */
  readonly retryAfterSeconds: number;

  constructor(approval: Approval, statusUrl: string, retryAfterSeconds: number) {
    const who = approval.policy === undefined ? 'This action' : `Policy "${approval.policy}"`;
    const why = approval.reason ? `: ${approval.reason.replace(/[.\s]+$/, '')}` : '';
    super(
      'forbidden',
      `${who} requires an approval for this call${why}. Approval ${approval.id} is pending (status at ${statusUrl}); once a person approves it, the same call succeeds, once, until ${approval.expiresAt}.`,
      { headers: { Location: statusUrl, 'Retry-After': String(retryAfterSeconds) } },
    );
    this.name = 'ApprovalRequiredError';
    this.approval = approval;
    this.statusUrl = statusUrl;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  /**
   * The body of the 202 a pending call gets: `{ approvalId, status: 'pending', statusUrl, policy,
   * reason?, expiresAt }`; MCP and A2A hand the same object to clients.
   */
  pendingBody(): PendingApprovalBody {
    return {
      approvalId: this.approval.id,
      status: 'pending',
      statusUrl: this.statusUrl,
      ...(this.approval.policy === undefined ? {} : { policy: this.approval.policy }),
      ...(this.approval.reason === undefined ? {} : { reason: this.approval.reason }),
      expiresAt: this.approval.expiresAt,
    };
  }
}

/** What a caller is told about the approval its call waits for (the 202 body). */
export interface PendingApprovalBody {
  readonly approvalId: string;
  readonly status: 'pending';
  readonly statusUrl: string;
  readonly policy?: string;
  readonly reason?: string;
  readonly expiresAt: string;
}
