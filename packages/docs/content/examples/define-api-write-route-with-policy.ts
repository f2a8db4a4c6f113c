// ---
// title: A write route guarded by a policy
// description: Declares a route that changes data, marks it as a write capability on the tickets resource and names the policy the framework evaluates before the handler runs.
// topics: [defineAPI, policy]
// relatedDocs: /docs/core-concepts#defineapi
// ---
import { defineAPI, defineConfig, definePolicy } from '@kit/kit-core';
import { z } from 'zod';

const noAnonymousWrites = definePolicy({
  key: 'no-anonymous-writes',
  title: 'Anonymous callers cannot change tickets',
  effect: 'deny',
  check: async ({ ctx }) =>
    ctx.authType === 'anonymous'
      ? { applies: true, reason: 'Sign in or use an API key to change tickets.' }
      : { applies: false },
});

const closeTicket = defineAPI({
  description: 'Closes a ticket and records who closed it.',
  capability: 'write',
  resource: 'tickets',
  // The key of the policy above; the route refers to it by name.
  policy: 'no-anonymous-writes',
  input: z.object({ id: z.string().min(1), resolution: z.string().max(500) }),
  output: z.object({ id: z.string(), status: z.literal('closed'), closedBy: z.string() }),
  handler: async ({ input, ctx }) => {
    return { id: input.id, status: 'closed' as const, closedBy: `${ctx.authType}:${ctx.requestId}` };
  },
});

export default defineConfig({
  routes: { 'POST /api/tickets/close': closeTicket },
  policies: [noAnonymousWrites],
});
