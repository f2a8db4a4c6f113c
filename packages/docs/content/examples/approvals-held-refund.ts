// ---
// title: Holding a large refund for a person's approval
// description: Runs the whole approval flow in process with app.fetch - an agent's refund is answered 202 with an approval id and status URL, a reviewer approves it with resolveApproval, and the same call then runs once.
// topics: [policy, agents]
// relatedDocs: /docs/policies-and-approvals#approval-workflow
// ---
import { createKitApp, defineAPI, defineMiddleware, definePolicy, KitError, listApprovals, resolveApproval } from '@kit/kit-core';
import { z } from 'zod';

// A stand-in for createAuthMiddleware of @kit/kit-auth: the API key "demo-agent-key" is the agent "agent:billing-bot".
const demoAgentKey = defineMiddleware({
  name: 'demo-agent-key',
  authenticate: async ({ request, ctx }) => {
    const header = request.headers.get('authorization');
    if (header === null) return ctx;
    if (header !== 'Bearer demo-agent-key') throw new KitError('unauthorized', 'Unknown API key.');
    return { ...ctx, authType: 'agent', auth: { subject: 'agent:billing-bot', method: 'api_key', permissions: ['refunds:create'] } };
  },
  handler: async ({ next }) => next(),
});

const largeRefunds = definePolicy({
  key: 'large-refunds',
  title: 'Refunds above 100.00 need a person',
  effect: 'approve',
  check: async ({ input }) => {
    const { amountCents } = input as { amountCents: number };
    return { applies: amountCents > 100_00, reason: `a refund of ${(amountCents / 100).toFixed(2)} is above the 100.00 limit` };
  },
});

let refundsIssued = 0;
const app = createKitApp({
  middleware: [demoAgentKey],
  policies: [largeRefunds],
  routes: {
    'POST /api/refunds': defineAPI({
      description: 'Refunds part or all of an order.',
      capability: 'write',
      policy: 'large-refunds',
      input: z.strictObject({ orderId: z.string(), amountCents: z.number().int().positive() }),
      output: z.strictObject({ orderId: z.string(), refundedCents: z.number() }),
      handler: async ({ input }) => {
        refundsIssued += 1;
        return { orderId: input.orderId, refundedCents: input.amountCents };
      },
    }),
  },
});

const asAgent = { authorization: 'Bearer demo-agent-key' };
const refund = () =>
  app.fetch(
    new Request('http://localhost/api/refunds', {
      method: 'POST',
      headers: { ...asAgent, 'content-type': 'application/json' },
      body: JSON.stringify({ orderId: 'o-1042', amountCents: 250_00 }),
    }),
  );

// 1. The call is held: 202 with the approval, its status URL in Location, and Retry-After.
const held = await refund();
const pending = (await held.json()) as { approvalId: string; statusUrl: string; reason: string };
console.log(held.status, held.headers.get('location'), held.headers.get('retry-after'), pending.reason);
// 202 /approvals/<id> 30 a refund of 250.00 is above the 100.00 limit

// 2. Asking again before a decision reports the same approval instead of making a second one.
const retried = (await (await refund()).json()) as { approvalId: string };
console.log(retried.approvalId === pending.approvalId, (await listApprovals({ status: 'pending' })).length); // true 1

// 3. A reviewer sees what was attempted, by whom, and approves it (in an app: from a route guarded by a permission).
const [waiting] = await listApprovals({ status: 'pending' });
console.log(waiting?.action, waiting?.requestedBy, waiting?.input); // post_api_refunds { authType: 'agent', subject: 'agent:billing-bot' } { ... }
await resolveApproval(pending.approvalId, { approved: true, by: 'user:ada', note: 'Customer confirmed by phone.' });

// 4. The same call by the same caller now runs, once; the approval reads "used".
const ran = await refund();
console.log(ran.status, await ran.json(), refundsIssued); // 200 { orderId: 'o-1042', refundedCents: 25000 } 1
const status = await app.fetch(new Request(`http://localhost${pending.statusUrl}`, { headers: asAgent }));
console.log(status.status, ((await status.json()) as { status: string }).status); // 200 used

// 5. A further identical call needs a new approval.
const again = await refund();
console.log(again.status, refundsIssued); // 202 1
