import { KitError } from '../errors/kit-error.js';
import type { Approval } from './types.js';

/**
 * Thrown by `CapabilityRegistry.invoke` when a person has denied the approval of this exact call
 * (same route, caller and input) and it has not expired: a `KitError` `forbidden` (403) whose message
 * names the policy, the approval and its note. The same call is refused until `approval.expiresAt`;
 * after that it asks for a new approval.
 *
 * @example
 * ```ts
 * import { ApprovalDeniedError, type CallEvent } from '@kit/kit-core';
 *
 * function describe(event: CallEvent): string {
 *   return event.error instanceof ApprovalDeniedError ? `denied by ${event.error.approval.decidedBy ?? 'a reviewer'}` : event.outcome;
 * }
 * ```
 */
export class ApprovalDeniedError extends KitError {
  /** The denied approval. */
  readonly approval: Approval;

  constructor(policy: string, approval: Approval) {
    const note = approval.note ? `: ${approval.note.replace(/[.\s]+$/, '')}` : '';
    super(
      'forbidden',
      `Policy "${policy}" requires an approval for this call, and approval ${approval.id} was denied${note}. The same call stays denied until ${approval.expiresAt}.`,
    );
    this.name = 'ApprovalDeniedError';
    this.approval = approval;
  }
}
