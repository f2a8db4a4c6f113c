import { decideHeldRuns } from '@kit/kit-agent';
import { defineAPI, resolveApproval } from '@kit/kit-core';
import { z } from 'zod';
import { assistantRuns } from '../../../../lib/assistant.js';
import { callerName } from '../../../../lib/auth.js';

// POST /api/approvals/:id/decision: an admin approves or denies an agent's held call. An approved call
// runs when the agent sends it again; a denied one is refused with the note. A run of the ticket
// assistant waiting on the approval goes on at once.
export default defineAPI({
  description: "Approves or denies an agent's call that waits for a person; the note is shown to the agent.",
  capability: 'write',
  resource: 'approvals',
  policy: 'reviewers-only',
  input: z.strictObject({
    id: z.string().describe('The approval id'),
    approved: z.boolean(),
    note: z.string().max(500).optional(),
  }),
  output: z.strictObject({ id: z.string(), status: z.string(), decidedBy: z.string().nullable() }),
  handler: async ({ input, ctx }) => {
    const decision = { approved: input.approved, ...(input.note ? { note: input.note } : {}) };
    const decided = await resolveApproval(input.id, { ...decision, by: callerName(ctx) });
    await decideHeldRuns(assistantRuns(), input.id, decision);
    return { id: decided.id, status: decided.status, decidedBy: decided.decidedBy ?? null };
  },
});
