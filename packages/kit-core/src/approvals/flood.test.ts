// An agent flooding a route held for approval. Over real HTTP on loopback: the
// caller's pending approvals are capped (429 with Retry-After), nothing already asked for or decided is
// pushed out, and a call that cannot succeed is answered by the route's precheck before any approval.
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createKitApp } from '../app/create-kit-app.js';
import type { KitServer } from '../app/kit-app.js';
import type { KitContext } from '../definitions/context.js';
import { defineAPI } from '../definitions/define-api.js';
import { defineMiddleware } from '../definitions/define-middleware.js';
import { definePolicy } from '../definitions/define-policy.js';
import { KitError } from '../errors/kit-error.js';
import { listApprovals, resolveApproval } from './approvals.js';
import { MemoryApprovalStore } from './memory-approval-store.js';

/** `X-Agent: <name>` signs in as that agent, `X-User: <name>` as that person. */
const signIn = defineMiddleware({
  name: 'test-auth',
  handler: async ({ next }) => next(),
  authenticate: async ({ request, ctx }): Promise<KitContext> => {
    const agent = request.headers.get('x-agent');
    const user = request.headers.get('x-user');
    if (agent) return { ...ctx, authType: 'agent', auth: { subject: agent, method: 'api_key', permissions: [] } };
    if (user) return { ...ctx, authType: 'human', auth: { subject: user, method: 'session', permissions: [] } };
    return ctx;
  },
});

const agentsCloseWithApproval = definePolicy({
  key: 'agents-close-with-approval',
  title: 'A person approves before an agent closes a ticket',
  effect: 'approve',
  check: async ({ ctx }) => ({ applies: ctx.authType === 'agent' }),
});

interface Harness {
  readonly server: KitServer;
  readonly url: string;
  readonly store: MemoryApprovalStore;
  readonly tickets: Map<string, 'open' | 'closed'>;
  readonly prechecks: string[];
}

async function start(options: { maxApprovals?: number; maxPendingPerRequester?: number } = {}): Promise<Harness> {
  const store = new MemoryApprovalStore(options.maxApprovals === undefined ? {} : { maxApprovals: options.maxApprovals });
  const tickets = new Map<string, 'open' | 'closed'>();
  const prechecks: string[] = [];
  const status = (id: string) => {
    const found = tickets.get(id);
    if (found === undefined) throw new KitError('not_found', `No ticket ${id}.`);
    if (found === 'closed') throw new KitError('conflict', `Ticket ${id} is already closed.`);
  };
  const app = createKitApp({
    middleware: [signIn],
    policies: [agentsCloseWithApproval],
    approvals: {
      store,
      ...(options.maxPendingPerRequester === undefined ? {} : { maxPendingPerRequester: options.maxPendingPerRequester }),
    },
    routes: {
      'POST /api/tickets/:id/close': defineAPI({
        capability: 'write',
        policy: 'agents-close-with-approval',
        input: z.strictObject({ id: z.string(), resolution: z.string().min(3) }),
        output: z.strictObject({ id: z.string(), status: z.literal('closed') }),
        precheck: async ({ input }) => {
          prechecks.push(input.id);
          status(input.id);
        },
        handler: async ({ input }) => {
          status(input.id);
          tickets.set(input.id, 'closed');
          return { id: input.id, status: 'closed' as const };
        },
      }),
    },
  });
  const server = await app.listen({ port: 0, host: '127.0.0.1' });
  return { server, url: `http://127.0.0.1:${server.port}`, store, tickets, prechecks };
}

function close(
  target: Harness,
  id: string,
  who: { agent?: string; user?: string } = { agent: 'triage-bot' },
  resolution = 'Cleared old artifacts',
): Promise<Response> {
  return fetch(`${target.url}/api/tickets/${encodeURIComponent(id)}/close`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(who.agent ? { 'X-Agent': who.agent } : {}),
      ...(who.user ? { 'X-User': who.user } : {}),
    },
    body: JSON.stringify({ resolution }),
  });
}

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.server.close();
  harness = undefined;
});

describe('a flood of calls held for approval', () => {
  it('caps the pending approvals of one caller with 429 and Retry-After, and never pushes out decided or pending ones', async () => {
    const h = (harness = await start());
    for (let n = 0; n < 100; n += 1) h.tickets.set(`t${n}`, 'open');

    // Before the flood: one approval approved, one denied, both by a person.
    const toApprove = await close(h, 't0');
    expect(toApprove.status).toBe(202);
    const approved = ((await toApprove.json()) as { approvalId: string }).approvalId;
    await resolveApproval(approved, { approved: true, by: 'ada' }, { store: h.store });
    const toDeny = await close(h, 't1');
    const denied = ((await toDeny.json()) as { approvalId: string }).approvalId;
    await resolveApproval(denied, { approved: false, by: 'ada', note: 'the customer is still waiting' }, { store: h.store });

    // The flood: 98 other tickets. The first 20 wait for a person; the rest are refused without an approval.
    const answers: Response[] = [];
    for (let n = 2; n < 100; n += 1) answers.push(await close(h, `t${n}`));
    const statuses = answers.map((response) => response.status);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(202));
    expect(statuses.slice(20)).toEqual(Array(78).fill(429));
    const refused = answers[20]!;
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    const problem = (await refused.json()) as { type: string; detail: string };
    expect(problem.type).toBe('/problems/rate-limited');
    expect(problem.detail).toContain('already has 20 calls waiting');
    expect(problem.detail).toContain('maxPendingPerRequester');
    for (const response of answers) if (!response.bodyUsed) await response.body?.cancel();

    // Nothing was evicted: the store holds the 2 decided and the 20 pending approvals, no more.
    expect(h.store.size).toBe(22);
    const pendingIds = (await listApprovals({ status: 'pending' }, { store: h.store })).map((approval) => approval.id);
    expect(pendingIds).toHaveLength(20);

    // The denied call stays denied, the approved one runs once.
    const again = await close(h, 't1');
    expect(again.status).toBe(403);
    expect(((await again.json()) as { detail: string }).detail).toContain('was denied: the customer is still waiting');
    const run = await close(h, 't0');
    expect(run.status).toBe(200);
    expect(await run.json()).toEqual({ id: 't0', status: 'closed' });

    // A call repeated exactly still finds its own pending approval, even at the cap.
    const repeated = await close(h, 't2');
    expect(repeated.status).toBe(202);
    expect(pendingIds).toContain(((await repeated.json()) as { approvalId: string }).approvalId);

    // The cap is per caller: another agent is still heard.
    expect((await close(h, 't50', { agent: 'night-shift' })).status).toBe(202);

    // Once a person decides one, the caller has room for one more.
    await resolveApproval(pendingIds[0]!, { approved: false }, { store: h.store });
    expect((await close(h, 't60')).status).toBe(202);
    expect((await close(h, 't61')).status).toBe(429);
  });

  it('answers a call that cannot succeed with 404 or 409 before any approval is made', async () => {
    const h = (harness = await start());
    h.tickets.set('open-one', 'open');
    h.tickets.set('done', 'closed');

    const missing = await close(h, 'no-such-ticket');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { detail: string }).detail).toBe('No ticket no-such-ticket.');
    const closed = await close(h, 'done');
    expect(closed.status).toBe(409);
    expect(h.store.size).toBe(0);

    // Thousands of calls for tickets that do not exist make no approval at all.
    for (let n = 0; n < 100; n += 1) expect((await close(h, `ghost-${n}`)).status).toBe(404);
    expect(h.store.size).toBe(0);

    // The precheck runs again before an approved call is used: a ticket closed meanwhile is a 409, and the approval is not spent.
    const held = await close(h, 'open-one');
    expect(held.status).toBe(202);
    const { approvalId } = (await held.json()) as { approvalId: string };
    await resolveApproval(approvalId, { approved: true }, { store: h.store });
    h.tickets.set('open-one', 'closed');
    expect((await close(h, 'open-one')).status).toBe(409);
    expect((await h.store.getApproval(approvalId))?.status).toBe('approved');

    // A person's call is not held, so no precheck runs for it.
    const before = h.prechecks.length;
    h.tickets.set('mine', 'open');
    expect((await close(h, 'mine', { user: 'ada' })).status).toBe(200);
    expect(h.prechecks.length).toBe(before);
  });

  it('refuses new approvals with 503 once the store is full, still without dropping any', async () => {
    const h = (harness = await start({ maxApprovals: 5, maxPendingPerRequester: 100 }));
    for (let n = 0; n < 10; n += 1) h.tickets.set(`t${n}`, 'open');
    const first = (await (await close(h, 't0')).json()) as { approvalId: string };
    await resolveApproval(first.approvalId, { approved: false }, { store: h.store });
    for (let n = 1; n < 5; n += 1) expect((await close(h, `t${n}`)).status).toBe(202);
    const full = await close(h, 't5');
    expect(full.status).toBe(503);
    expect(full.headers.get('retry-after')).toBe('30');
    expect(((await full.json()) as { type: string }).type).toBe('/problems/service-unavailable');
    expect(h.store.size).toBe(5);
    expect((await close(h, 't0')).status).toBe(403);
  });
});

describe('approvals.maxPendingPerRequester', () => {
  it('is checked when the app is made', () => {
    expect(() => createKitApp({ routes: {}, approvals: { maxPendingPerRequester: 0 } })).toThrow(
      'approvals.maxPendingPerRequester must be a whole number from 1 to 100000, got 0; omit it for 20.',
    );
    expect(() => createKitApp({ routes: {}, approvals: { maxPendingPerRequester: 1.5 } })).toThrow(TypeError);
  });
});
