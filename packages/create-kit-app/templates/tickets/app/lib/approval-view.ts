import { listApprovals, type Approval } from '@kit/kit-core';
import { z } from 'zod';

/** A pending approval as reviewers see it: what was asked, by whom, with which input. */
export const approvalOutput = z.strictObject({
  id: z.string(),
  action: z.string().describe('The operation id of the held call, e.g. post_api_tickets_id_close'),
  requestedBy: z.string().describe('The agent that asked'),
  reason: z.string().nullable(),
  input: z.record(z.string(), z.unknown()).describe('What the call would be made with'),
  createdAt: z.string(),
  expiresAt: z.string(),
});

export type ApprovalView = z.infer<typeof approvalOutput>;

function viewOf(approval: Approval): ApprovalView {
  const input = approval.input;
  return {
    id: approval.id,
    action: approval.action,
    requestedBy: approval.requestedBy.subject?.replace(/^agent:/, '') ?? approval.requestedBy.authType,
    reason: approval.reason ?? null,
    input: typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {},
    createdAt: approval.createdAt,
    expiresAt: approval.expiresAt,
  };
}

/** The approvals waiting for a decision, oldest first. */
export async function pendingApprovals(): Promise<ApprovalView[]> {
  return (await listApprovals({ status: 'pending' })).map(viewOf);
}
