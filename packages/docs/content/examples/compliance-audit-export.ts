// ---
// title: Recording agent calls and exporting the audit trail
// description: Adds defineCompliance to an app, lets an agent and a person call an AI-drafting route, then reads the AI marking headers, the /.well-known/ai-compliance document and the audit trail exported as JSON Lines.
// topics: [policy, agents]
// relatedDocs: /docs/policies-and-approvals#audit-trail
// ---
import { createKitApp, defineAPI, defineCompliance, defineMiddleware } from '@kit/kit-core';
import { auditInputDigest, type AuditEntry } from '@kit/kit-core/compliance';
import { z } from 'zod';

// A stand-in for createAuthMiddleware of @kit/kit-auth: X-Agent names an agent, X-User a person.
const demoSignIn = defineMiddleware({
  name: 'demo-sign-in',
  authenticate: async ({ request, ctx }) => {
    const agent = request.headers.get('x-agent');
    const user = request.headers.get('x-user');
    if (agent) return { ...ctx, authType: 'agent', auth: { subject: agent, method: 'api_key', permissions: [] } };
    if (user) return { ...ctx, authType: 'human', auth: { subject: user, method: 'session', permissions: [] } };
    return ctx;
  },
  handler: async ({ next }) => next(),
});

const compliance = defineCompliance({
  system: { name: 'Ticket assistant', purpose: 'Drafts answers to support tickets' },
  provider: { name: 'Example GmbH', contact: 'ai@example.com' },
  riskLevel: 'limited',
  transparency: { disclosure: 'This answer was drafted by an AI system.', routes: ['POST /api/drafts'] },
  // audit: { store: new RedisStore({ url }) } keeps one trail for every replica; the default is a MemoryAuditStore.
});

const app = createKitApp({
  middleware: [demoSignIn],
  plugins: [compliance],
  routes: {
    'POST /api/drafts': defineAPI({
      description: 'Drafts an answer to a ticket.',
      capability: 'write',
      input: z.strictObject({ ticket: z.string() }),
      output: z.strictObject({ draft: z.string() }),
      handler: async ({ input }) => ({ draft: `Thanks for reporting ${input.ticket}; we are on it.` }),
    }),
  },
});

const draft = (headers: Record<string, string>, ticket: string) =>
  app.fetch(new Request('http://localhost/api/drafts', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ ticket }) }));

// An agent's call is AI-generated content: the answer is marked.
const byAgent = await draft({ 'x-agent': 'agent:triage-bot', 'x-request-id': 'req-1' }, 'T-17');
console.log(byAgent.headers.get('kit-ai-generated'), byAgent.headers.get('kit-ai-disclosure'));
// true This answer was drafted by an AI system.

// A person's call is marked too, but with the default scope 'agents' only agents' calls are recorded.
await draft({ 'x-user': 'user:ada' }, 'T-18');

const document = (await (await app.fetch(new Request('http://localhost/.well-known/ai-compliance'))).json()) as { riskLevel: string; auditTrail: unknown };
console.log(document.riskLevel, document.auditTrail); // limited { kept: true, scope: 'agents' }

// Entries reach the store without delaying the answers; flush waits for them.
await compliance.auditTrail.flush();
const jsonLines = await compliance.auditTrail.export({ since: new Date(Date.now() - 3_600_000) });
process.stdout.write(jsonLines);
// {"id":"…","at":"…","requestId":"req-1","actor":{"authType":"agent","subject":"agent:triage-bot"},"action":"post_api_drafts",…}

// The trail keeps a digest of the input, never the input: compute it to find the calls that had one.
const entries = jsonLines.trimEnd().split('\n').map((line) => JSON.parse(line) as AuditEntry);
console.log(entries.length, entries[0]?.outcome, entries[0]?.inputDigest === auditInputDigest({ ticket: 'T-17' })); // 1 succeeded true
