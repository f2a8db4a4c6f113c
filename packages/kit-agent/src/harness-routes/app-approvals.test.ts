// A run whose agent works through the app's own routes (registryAgentTools) meets the app's approve policy:
// the run holds on the app's approval, which the run's decide route and the app's approvals page both decide.
import {
  createKitApp,
  defineAPI,
  defineMiddleware,
  definePolicy,
  getApproval,
  resolveApproval,
  type KitApp,
  type KitContext,
} from '@kit/kit-core';
import { contextFor } from '@kit/kit-core/http';
import { createHarness, MemoryRunStore, type Harness, type LLMProvider, type RunRecord } from '@kit/kit-ai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registryAgentTools } from '../registry-tools/registry-agent-tools.js';
import { decideHeldRuns } from './decide-held-runs.js';
import { harnessRoutes } from './harness-routes.js';

/** Asks to close T-7 first, then says how it went. */
const closingModel: LLMProvider = {
  name: 'scripted',
  chat: async (messages) =>
    messages.some((message) => message.role === 'assistant')
      ? { content: 'T-7 is handled.', model: 'scripted-1' }
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
/** Callers name themselves in headers: enough to tell people and reviewers apart in a test. */
const identity = defineMiddleware({
  name: 'test-identity',
  authenticate: async ({ request, ctx }) => {
    const user = request.headers.get('x-user');
    const permissions = request.headers.get('x-reviewer') === 'yes' ? ['approvals:decide'] : [];
    return user ? { ...ctx, authType: 'human' as const, auth: { subject: `user:${user}`, method: 'session', permissions } } : ctx;
  },
  handler: async ({ next }) => next(),
});

/** The assistant acting for the run's owner, as an agent. */
function actingFor(run: RunRecord): KitContext {
  return {
    ...contextFor(new Request('http://assistant.invalid/'), 'agent'),
    auth: { subject: `agent:assistant for ${String(run.metadata.owner)}`, method: 'api_key', permissions: [] },
  };
}

let closed: string[];
let harness: Harness;
let app: KitApp;

beforeEach(() => {
  closed = [];
  harness = createHarness({
    store: new MemoryRunStore(),
    agent: (run) => ({ llm: closingModel, tools: registryAgentTools(app.registry, { context: () => actingFor(run) }) }),
  });
  app = createKitApp({
    middleware: [identity],
    policies: [agentsAsk, reviewersOnly],
    routes: {
      'POST /api/tickets/:id/close': defineAPI({
        description: 'Closes a ticket.',
        capability: 'write',
        policy: 'agents-ask',
        input: z.strictObject({ id: z.string() }),
        handler: async ({ input }) => {
          closed.push(input.id);
          return { id: input.id, closed: true };
        },
      }),
      ...harnessRoutes(harness, { owner: (ctx) => ctx.auth?.subject, decidePolicy: 'reviewers-only' }),
    },
  });
});

afterEach(() => harness.close());

const call = (path: string, body: unknown, headers: Record<string, string>) =>
  app.fetch(
    new Request(`http://localhost${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost', ...headers },
      body: JSON.stringify(body),
    }),
  );

/** Starts a run as Ada and waits until it holds on the app's approval. */
async function heldRun(): Promise<{ runId: string; approvalId: string }> {
  const started = await call('/api/runs', { goal: 'Close T-7' }, { 'x-user': 'ada' });
  expect(started.status).toBe(201);
  const { id } = (await started.json()) as { id: string };
  const held = await (await harness.get(id)).wait({ timeoutMs: 5000 });
  expect(held.status).toBe('approval_required');
  const pending = (await (await harness.get(id)).get()).pendingApproval;
  expect(pending).toMatchObject({ heldBy: 'policy:agents-ask', tool: 'post_api_tickets_id_close' });
  return { runId: id, approvalId: pending!.approvalId };
}

describe('harness runs held by an app policy', () => {
  it("hold on the app's own approval; a reviewer's decision on the run decides it, and the held call runs", async () => {
    const { runId, approvalId } = await heldRun();
    expect(await getApproval(approvalId)).toMatchObject({
      status: 'pending',
      requestedBy: { authType: 'agent', subject: 'agent:assistant for user:ada' },
    });
    expect(closed).toEqual([]);

    // Ada owns the run but is no reviewer: the decide route has the reviewers' policy.
    const refused = await call(`/api/runs/${runId}/approvals/${approvalId}`, { approved: true }, { 'x-user': 'ada' });
    expect(refused.status).toBe(403);
    expect((await getApproval(approvalId))?.status).toBe('pending');

    const decided = await call(
      `/api/runs/${runId}/approvals/${approvalId}`,
      { approved: true, note: 'fine' },
      { 'x-user': 'ada', 'x-reviewer': 'yes' },
    );
    expect(decided.status).toBe(200);
    const done = await (await harness.get(runId)).wait({ timeoutMs: 5000 });
    expect(done.status).toBe('completed');
    expect(closed).toEqual(['T-7']);
    // Approved by Ada, then used by the call the run made again.
    expect(await getApproval(approvalId)).toMatchObject({ status: 'used', decidedBy: 'user:ada', note: 'fine' });
  });

  it("go on when the app's approvals page decided, through decideHeldRuns", async () => {
    const { runId, approvalId } = await heldRun();
    await resolveApproval(approvalId, { approved: true, by: 'user:grace' });
    expect(await decideHeldRuns(harness, approvalId, { approved: true })).toEqual([runId]);
    expect((await (await harness.get(runId)).wait({ timeoutMs: 5000 })).status).toBe('completed');
    expect(closed).toEqual(['T-7']);
    // Deciding it again finds no run waiting.
    expect(await decideHeldRuns(harness, approvalId, { approved: true })).toEqual([]);
  });

  it('deny both, and the agent is told; a decision against the one the app recorded is a 409 that changes nothing', async () => {
    const first = await heldRun();
    await resolveApproval(first.approvalId, { approved: false, by: 'user:grace', note: 'customer replied' });
    const against = await call(
      `/api/runs/${first.runId}/approvals/${first.approvalId}`,
      { approved: true },
      { 'x-user': 'ada', 'x-reviewer': 'yes' },
    );
    expect(against.status).toBe(409);
    expect((await (await harness.get(first.runId)).get()).status).toBe('approval_required');
    const agreed = await call(
      `/api/runs/${first.runId}/approvals/${first.approvalId}`,
      { approved: false },
      { 'x-user': 'ada', 'x-reviewer': 'yes' },
    );
    expect(agreed.status).toBe(200);
    const done = await (await harness.get(first.runId)).wait({ timeoutMs: 5000 });
    expect(done.status).toBe('completed');
    expect(closed).toEqual([]);
  });
});
