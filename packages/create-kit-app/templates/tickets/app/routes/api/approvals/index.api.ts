import { defineAPI } from '@kit/kit-core';
import { z } from 'zod';
import { approvalOutput, pendingApprovals } from '../../../lib/approval-view.js';

// GET /api/approvals: what agents are waiting for, for the reviewers (admins).
export default defineAPI({
  description: 'Lists the calls of agents that wait for a person to approve them, oldest first.',
  capability: 'read',
  resource: 'approvals',
  policy: 'reviewers-only',
  input: z.strictObject({}),
  output: z.strictObject({ items: z.array(approvalOutput) }),
  handler: async () => ({ items: await pendingApprovals() }),
});
