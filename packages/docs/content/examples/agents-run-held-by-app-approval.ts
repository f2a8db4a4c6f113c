// ---
// title: A durable run that waits on the app's own approval
// description: An agent works through the app's routes with registryAgentTools; the app's approve policy holds its close, the run holds on that same approval, a reviewer decides it through the run's route (decidePolicy), and the run calls the route again and completes.
// topics: [agents, policy]
// relatedDocs: /docs/kit-agent#runs-held-by-the-apps-approve-policy
// ---
import { z } from 'zod';
import { createKitApp, defineAPI, defineMiddleware, definePolicy, getApproval, type KitContext } from '@kit/kit-core';
import { contextFor } from '@kit/kit-core/http';
import { createHarness, MemoryRunStore, type LLMProvider } from '@kit/kit-ai';
import { harnessRoutes, registryAgentTools } from '@kit/kit-agent';

// A scripted model: it asks to close ticket T-7, then reports.
const llm: LLMProvider = {
  name: 'scripted',
  chat: async (messages) =>
    messages.some((message) => message.role === 'assistant')
      ? { content: 'T-7 is closed.', model: 'scripted-1' }
      : { content: '{"tool": "post_api_tickets_id_close", "arguments": {"id": "T-7"}}', model: 'scripted-1' },
};

const agentsAsk = definePolicy({
  key: 'agents-ask',
  title: 'A person approves before an agent closes a ticket',
  effect: 'approve',
  check: async ({ ctx }) => ({ applies: ctx.authType === 'agent', reason: 'closing ends the conversation' }),
});
const reviewersOnly = definePolicy({
  key: 'reviewers-only',
  title: 'Only reviewers decide',
  effect: 'deny',
  check: async ({ ctx }) => ({ applies: !ctx.auth?.permissions.includes('approvals:decide'), reason: 'only a reviewer decides' }),
});
// For the example, the caller names itself in a header; an app uses kit-auth's sessions.
const demoIdentity = defineMiddleware({
  name: 'demo-identity',
  authenticate: async ({ request, ctx }) => {
    const user = request.headers.get('x-user');
    return user ? { ...ctx, authType: 'human' as const, auth: { subject: user, method: 'session', permissions: ['approvals:decide'] } } : ctx;
  },
  handler: async ({ next }) => next(),
});

// The agent acts for the person who started the run, as an agent: the approve policy holds its close.
const actingFor = (owner: unknown): KitContext => ({
  ...contextFor(new Request('http://assistant.invalid/'), 'agent'),
  auth: { subject: `agent:assistant for ${String(owner)}`, method: 'api_key', permissions: [] },
});
const closed: string[] = [];
const harness = createHarness({
  store: new MemoryRunStore(),
  agent: (run) => ({ llm, tools: registryAgentTools(app.registry, { context: () => actingFor(run.metadata.owner) }) }),
});
const app = createKitApp({
  middleware: [demoIdentity],
  policies: [agentsAsk, reviewersOnly],
  routes: {
    'POST /api/tickets/:id/close': defineAPI({
      description: 'Closes a ticket.',
      capability: 'write',
      policy: 'agents-ask',
      input: z.strictObject({ id: z.string() }),
      handler: async ({ input }) => (closed.push(input.id), { id: input.id, closed: true }),
    }),
    ...harnessRoutes(harness, { owner: (ctx) => ctx.auth?.subject, decidePolicy: 'reviewers-only' }),
  },
});

const post = (path: string, body: unknown) =>
  app.fetch(new Request(`http://localhost${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-user': 'ada' }, body: JSON.stringify(body) }));

const { id } = (await (await post('/api/runs', { goal: 'Close T-7' })).json()) as { id: string };
const run = await harness.get(id);
console.log((await run.wait({ timeoutMs: 5000 })).status); // approval_required
const held = (await run.get()).pendingApproval!;
console.log(held.heldBy, (await getApproval(held.approvalId))?.status); // policy:agents-ask pending

// Deciding on the run decides the app's approval too; the run calls the route again, which now passes.
await post(`/api/runs/${id}/approvals/${held.approvalId}`, { approved: true });
console.log((await run.wait({ timeoutMs: 5000 })).status, closed); // completed [ 'T-7' ]
console.log((await getApproval(held.approvalId))?.status); // used
await harness.close();
