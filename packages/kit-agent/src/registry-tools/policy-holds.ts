import { ApprovalRequiredError, getApproval, KitError, resolveApproval, type ApprovalStore } from '@kit/kit-core';
import { CallHeldError, type PendingApproval } from '@kit/kit-ai';

/** `heldBy` of a call an app's `approve` policy holds: `policy:<key>`. */
const policyPrefix = 'policy:';

/**
 * The `CallHeldError` of a route call an `approve` policy held: the model reads that it waits for a
 * person, and a run holds under the app's own approval id, which the app's approvals page shows too.
 */
export function policyHold(error: ApprovalRequiredError): CallHeldError {
  const pending = error.pendingBody();
  return new CallHeldError(
    `${error.message} A person must approve it first (approval ${pending.approvalId}); do not change the arguments, and tell the user it waits for approval.`,
    { approvalId: pending.approvalId, heldBy: `${policyPrefix}${pending.policy ?? 'approve'}`, cause: error },
  );
}

/** Whether a held call waits for the app's own approval (one an `approve` policy made). */
export function heldByAppPolicy(held: Pick<PendingApproval, 'heldBy' | 'approvalId'> | undefined): boolean {
  return held?.approvalId !== undefined && held.heldBy?.startsWith(policyPrefix) === true;
}

/** A decision on a held call, as a person gives it. */
export interface HeldCallDecision {
  readonly approved: boolean;
  readonly note?: string;
  /** Who decided, as the app's approval records it. */
  readonly by?: string;
}

/**
 * Decides the app's approval `approvalId` as `decision` says. One already decided the same way (on the
 * app's approvals page, a moment before) is fine; one decided the other way, or expired, is a 409
 * saying so, and nothing changes.
 */
export async function decideAppApproval(approvalId: string, decision: HeldCallDecision, store: ApprovalStore | undefined): Promise<void> {
  const options = store === undefined ? {} : { store };
  try {
    await resolveApproval(
      approvalId,
      {
        approved: decision.approved,
        ...(decision.by === undefined ? {} : { by: decision.by }),
        ...(decision.note === undefined ? {} : { note: decision.note }),
      },
      options,
    );
  } catch (error) {
    if (!(error instanceof KitError) || error.code !== 'conflict') throw error;
    const current = await getApproval(approvalId, options);
    const same = decision.approved ? current?.status === 'approved' || current?.status === 'used' : current?.status === 'denied';
    if (!same) throw error;
  }
}
