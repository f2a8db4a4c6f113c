// ---
// title: Requiring approval for large refunds by agents
// description: An approve policy that applies only when an agent asks for a refund above a threshold, so the call is answered 202 with an approval until a person approves it, while small refunds go through at once.
// topics: [policy, agents]
// relatedDocs: /docs/policies-and-approvals#approve
// ---
import { defineAPI, defineConfig, definePolicy } from '@kit/kit-core';
import { z } from 'zod';

const refundInput = z.object({ orderId: z.string(), amountCents: z.number().int().positive() });
const APPROVAL_THRESHOLD_CENTS = 50_00;

export const largeAgentRefunds = definePolicy({
  key: 'large-agent-refunds',
  title: 'Refunds above 50.00 requested by an agent need human approval',
  effect: 'approve',
  check: async ({ ctx, input }) => {
    if (ctx.authType !== 'agent') return { applies: false };
    // A route's policy gets the validated input, typed unknown: the same check also serves enforcePolicies.
    const parsed = refundInput.safeParse(input);
    if (!parsed.success) return { applies: false };
    const { amountCents, orderId } = parsed.data;
    return amountCents > APPROVAL_THRESHOLD_CENTS
      ? { applies: true, reason: `Refund of ${(amountCents / 100).toFixed(2)} on order ${orderId} exceeds the agent limit.` }
      : { applies: false };
  },
});

const refund = defineAPI({
  description: 'Refunds part or all of an order.',
  capability: 'write',
  resource: 'orders',
  policy: 'large-agent-refunds',
  input: refundInput,
  output: z.object({ orderId: z.string(), refundedCents: z.number() }),
  handler: async ({ input }) => ({ orderId: input.orderId, refundedCents: input.amountCents }),
});

// A held call gets 202 { approvalId, status: 'pending', statusUrl, policy, reason, expiresAt }; once
// resolveApproval(approvalId, { approved: true }) is called, the same call by the same agent runs once.
export default defineConfig({
  routes: { 'POST /api/refunds': refund },
  policies: [largeAgentRefunds],
  // Approvals wait 4 hours for a decision (default 24h); GET /approvals/:id serves their status.
  approvals: { ttl: '4h' },
});
