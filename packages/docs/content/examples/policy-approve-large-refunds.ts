// ---
// title: Requiring approval for large refunds by agents
// description: An approve policy that applies only when an agent asks for a refund above a threshold, so a human must approve the call while small refunds go through.
// topics: [policy, agents]
// relatedDocs: /docs/policies-and-approvals#definepolicy
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
    // The policy receives the input as unknown; parse it before trusting its shape.
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

export default defineConfig({
  routes: { 'POST /api/refunds': refund },
  policies: [largeAgentRefunds],
});
