import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createKitApp } from '../app/create-kit-app.js';
import type { KitApp, KitServer } from '../app/kit-app.js';
import type { KitContext } from '../definitions/context.js';
import { defineAPI } from '../definitions/define-api.js';
import { defineMiddleware } from '../definitions/define-middleware.js';
import { definePolicy } from '../definitions/define-policy.js';
import { KitError } from '../errors/kit-error.js';
import type { CallEvent } from '../registry/capability-registry.js';
import { rejectionOf, thrownBy } from '../../../../test-support/rejection.js';
import { clearApprovals, listApprovals, resolveApproval } from './approvals.js';
import { MemoryApprovalStore } from './memory-approval-store.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `X-User: alice` signs in as the human alice, `X-Agent: bot` as the agent bot. */
const signIn = defineMiddleware({
  name: 'test-auth',
  handler: async ({ next }) => next(),
  authenticate: async ({ request, ctx }): Promise<KitContext> => {
    const user = request.headers.get('x-user');
    const agent = request.headers.get('x-agent');
    if (user) return { ...ctx, authType: 'human', auth: { subject: user, method: 'session', permissions: [] } };
    if (agent) return { ...ctx, authType: 'agent', auth: { subject: agent, method: 'api_key', permissions: [] } };
    return ctx;
  },
});

const largeRefunds = definePolicy({
  key: 'large-refund',
  title: 'Refunds over 100 need approval',
  effect: 'approve',
  check: async ({ input }) => ({ applies: (input as { amount: number }).amount > 100, reason: 'refunds over 100 need a person' }),
});

const agentsSeeNoContacts = definePolicy({
  key: 'agents-see-no-contacts',
  title: 'Agents see no contact details',
  effect: 'redact',
  redact: ['customer.email', 'orders.*.address', 'missing.path'],
  check: async ({ ctx }) => ({ applies: ctx.authType === 'agent' }),
});

interface Harness {
  readonly app: KitApp;
  readonly store: MemoryApprovalStore;
  readonly runs: number[];
  readonly events: CallEvent[];
}

function makeApp(options: { ttl?: number | string; basePath?: string } = {}): Harness {
  const store = new MemoryApprovalStore();
  const runs: number[] = [];
  const events: CallEvent[] = [];
  const app = createKitApp({
    middleware: [signIn],
    policies: [largeRefunds, agentsSeeNoContacts],
    approvals: {
      store,
      ...(options.ttl === undefined ? {} : { ttl: options.ttl }),
      ...(options.basePath ? { basePath: options.basePath } : {}),
    },
    routes: {
      'POST /api/refunds': defineAPI({
        capability: 'write',
        policy: 'large-refund',
        input: z.strictObject({ amount: z.number().positive(), order: z.string().default('o-1') }),
        output: z.strictObject({ refunded: z.number() }),
        handler: async ({ input }) => {
          runs.push(input.amount);
          return { refunded: input.amount };
        },
      }),
      'GET /api/customers/:id': defineAPI({
        policy: 'agents-see-no-contacts',
        input: z.strictObject({ id: z.string() }),
        output: z.strictObject({
          customer: z.strictObject({ id: z.string(), email: z.email() }),
          orders: z.array(z.strictObject({ id: z.string(), address: z.string() })),
        }),
        handler: async ({ input }) => ({
          customer: { id: input.id, email: 'ada@example.com' },
          orders: [
            { id: 'o1', address: '1 Main St' },
            { id: 'o2', address: '2 High St' },
          ],
        }),
      }),
    },
  });
  app.registry.observe((event) => {
    events.push(event);
  });
  return { app, store, runs, events };
}

function refund(base: string, amount: number, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${base}/api/refunds`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ amount }),
  });
}

describe('approvals over HTTP', () => {
  let harness: Harness;
  let server: KitServer;
  let base: string;

  beforeAll(async () => {
    harness = makeApp();
    server = await harness.app.listen({ port: 0 });
    base = `http://127.0.0.1:${server.port}`;
  });
  afterAll(() => server?.close());
  beforeEach(async () => {
    await clearApprovals({ store: harness.store });
    harness.runs.length = 0;
    harness.events.length = 0;
  });

  it('holds the call with a 202 until a person approves, then runs the same call once', async () => {
    const held = await refund(base, 500, { 'x-user': 'alice' });
    expect(held.status).toBe(202);
    expect(held.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(held.headers.get('cache-control')).toBe('no-store');
    expect(held.headers.get('retry-after')).toBe('30');
    const body = await held.json();
    expect(body).toEqual({
      approvalId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      status: 'pending',
      statusUrl: `/approvals/${body.approvalId}`,
      policy: 'large-refund',
      reason: 'refunds over 100 need a person',
      expiresAt: expect.any(String),
    });
    expect(held.headers.get('location')).toBe(body.statusUrl);
    expect(Date.parse(body.expiresAt) - Date.now()).toBeGreaterThan(86_400_000 - 60_000);

    // A retry before the decision reports the same approval rather than making a second one.
    const retried = await refund(base, 500, { 'x-user': 'alice' });
    expect(retried.status).toBe(202);
    expect((await retried.json()).approvalId).toBe(body.approvalId);
    expect(await listApprovals({}, { store: harness.store })).toHaveLength(1);

    const status = await fetch(`${base}${body.statusUrl}`, { headers: { 'x-user': 'alice' } });
    expect(status.status).toBe(200);
    expect(status.headers.get('cache-control')).toBe('no-store');
    const view = await status.json();
    expect(view).toEqual({
      id: body.approvalId,
      status: 'pending',
      action: 'post_api_refunds',
      policy: 'large-refund',
      reason: 'refunds over 100 need a person',
      createdAt: expect.any(String),
      expiresAt: body.expiresAt,
    });

    const stored = (await listApprovals({}, { store: harness.store }))[0]!;
    expect(stored).toMatchObject({
      input: { amount: 500, order: 'o-1' },
      requestedBy: { authType: 'human', subject: 'alice' },
      route: { method: 'POST', path: '/api/refunds', operationId: 'post_api_refunds' },
    });
    expect(harness.runs).toEqual([]);

    await resolveApproval(body.approvalId, { approved: true, by: 'bob', note: 'checked the order' }, { store: harness.store });
    const approvedView = await (await fetch(`${base}${body.statusUrl}`, { headers: { 'x-user': 'alice' } })).json();
    expect(approvedView).toMatchObject({ status: 'approved', note: 'checked the order', decidedAt: expect.any(String) });
    expect(approvedView).not.toHaveProperty('decidedBy');
    expect(approvedView).not.toHaveProperty('input');

    const ran = await refund(base, 500, { 'x-user': 'alice' });
    expect(ran.status).toBe(200);
    expect(await ran.json()).toEqual({ refunded: 500 });
    expect(harness.runs).toEqual([500]);
    expect((await (await fetch(`${base}${body.statusUrl}`, { headers: { 'x-user': 'alice' } })).json()).status).toBe('used');

    // The approval was for one call: a third identical call needs a new one.
    const third = await refund(base, 500, { 'x-user': 'alice' });
    expect(third.status).toBe(202);
    expect((await third.json()).approvalId).not.toBe(body.approvalId);
    expect(harness.runs).toEqual([500]);
  });

  it('lets calls the policy does not hold run at once, without an approval', async () => {
    const response = await refund(base, 50);
    expect(response.status).toBe(200);
    expect(await listApprovals({}, { store: harness.store })).toEqual([]);
  });

  it('refuses a denied call with a 403 naming the approval and the note, until the approval expires', async () => {
    const { approvalId } = await (await refund(base, 300)).json();
    await resolveApproval(approvalId, { approved: false, note: 'Not for this customer.' }, { store: harness.store });
    for (let i = 0; i < 2; i += 1) {
      const denied = await refund(base, 300);
      expect(denied.status).toBe(403);
      expect(denied.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
      const problem = await denied.json();
      expect(problem).toMatchObject({ type: '/problems/forbidden', status: 403 });
      expect(problem.detail).toMatch(
        new RegExp(
          `^Policy "large-refund" requires an approval for this call, and approval ${approvalId} was denied: Not for this customer\\. The same call stays denied until .+\\.$`,
        ),
      );
    }
    expect((await (await fetch(`${base}/approvals/${approvalId}`)).json()).status).toBe('denied');
    expect(harness.runs).toEqual([]);
  });

  it('lets a denied call ask again once the denied approval has expired', async () => {
    const short = makeApp({ ttl: 150 });
    const request = (amount: number) =>
      short.app.fetch(
        new Request('http://local/api/refunds', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ amount }),
        }),
      );
    const { approvalId } = await (await request(300)).json();
    await resolveApproval(approvalId, { approved: false, note: 'No.' }, { store: short.store });
    expect((await request(300)).status).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const again = await request(300);
    expect(again.status).toBe(202);
    expect((await again.json()).approvalId).not.toBe(approvalId);
  });

  it('does not let a different input or another caller use someone else’s approval', async () => {
    const { approvalId } = await (await refund(base, 500, { 'x-user': 'alice' })).json();
    await resolveApproval(approvalId, { approved: true }, { store: harness.store });
    const bob = await refund(base, 500, { 'x-user': 'bob' });
    expect(bob.status).toBe(202);
    const agent = await refund(base, 500, { 'x-agent': 'alice' });
    expect(agent.status).toBe(202);
    const anonymous = await refund(base, 500);
    expect(anonymous.status).toBe(202);
    const otherAmount = await refund(base, 501, { 'x-user': 'alice' });
    expect(otherAmount.status).toBe(202);
    const otherOrder = await fetch(`${base}/api/refunds`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-user': 'alice' },
      body: '{"amount":500,"order":"o-2"}',
    });
    expect(otherOrder.status).toBe(202);
    expect(harness.runs).toEqual([]);
    // Key order and defaults do not matter: the validated input is what is compared.
    const same = await fetch(`${base}/api/refunds`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-user': 'alice' },
      body: '{"order":"o-1","amount":500}',
    });
    expect(same.status).toBe(200);
    expect(harness.runs).toEqual([500]);
  });

  it('shows an approval asked for by a signed-in caller to that caller only', async () => {
    const { approvalId, statusUrl } = await (await refund(base, 500, { 'x-user': 'alice' })).json();
    expect((await fetch(`${base}${statusUrl}`, { headers: { 'x-user': 'alice' } })).status).toBe(200);
    for (const headers of [{ 'x-user': 'mallory' }, { 'x-agent': 'alice' }, {}] as Record<string, string>[]) {
      const response = await fetch(`${base}${statusUrl}`, { headers });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8');
      expect((await response.json()).detail).toContain(`No approval "${approvalId}" for this caller`);
    }
    // An anonymous caller's approval is shown to whoever has its 128-bit id.
    const anonymous = await (await refund(base, 700)).json();
    expect((await fetch(`${base}${anonymous.statusUrl}`, { headers: { 'x-user': 'anyone' } })).status).toBe(200);
  });

  it('answers 404 for unknown and malformed ids, 405 for other methods, and HEAD like GET', async () => {
    for (const id of ['AAAAAAAAAAAAAAAAAAAAAA', 'nope', '%E2%80%AE']) {
      const response = await fetch(`${base}/approvals/${id}`);
      expect(response.status).toBe(404);
      expect((await response.json()).type).toBe('/problems/not-found');
    }
    const { statusUrl } = await (await refund(base, 900)).json();
    expect((await fetch(`${base}${statusUrl}`, { method: 'HEAD' })).status).toBe(200);
    const post = await fetch(`${base}${statusUrl}`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('tells observers approval_required with the pending approval, then succeeded with the used one, and denied', async () => {
    const { approvalId } = await (await refund(base, 500)).json();
    await resolveApproval(approvalId, { approved: true }, { store: harness.store });
    await refund(base, 500);
    const second = await (await refund(base, 600)).json();
    await resolveApproval(second.approvalId, { approved: false }, { store: harness.store });
    await refund(base, 600);
    await sleep(10);
    expect(harness.events.map((event) => [event.outcome, event.decision?.effect, event.approval?.status, event.approval?.id])).toEqual([
      ['approval_required', 'approve', 'pending', approvalId],
      ['succeeded', 'approve', 'used', approvalId],
      ['approval_required', 'approve', 'pending', second.approvalId],
      ['denied', 'approve', 'denied', second.approvalId],
    ]);
    expect(harness.events[0]!.error).toBeInstanceOf(KitError);
  });

  it('redacts the paths of a redact policy for the callers it applies to, and says so in OpenAPI', async () => {
    const agent = await (await fetch(`${base}/api/customers/c1`, { headers: { 'x-agent': 'bot' } })).json();
    expect(agent).toEqual({
      customer: { id: 'c1', email: '[redacted]' },
      orders: [
        { id: 'o1', address: '[redacted]' },
        { id: 'o2', address: '[redacted]' },
      ],
    });
    const human = await (await fetch(`${base}/api/customers/c1`, { headers: { 'x-user': 'alice' } })).json();
    expect(human.customer.email).toBe('ada@example.com');
    const document = await (await fetch(`${base}/openapi.json`)).json();
    const schema = document.paths['/api/customers/{id}'].get.responses['200'].content['application/json'].schema;
    expect(schema.properties.customer.properties.email.anyOf).toEqual([
      expect.objectContaining({ type: 'string', format: 'email' }),
      { type: 'string', const: '[redacted]' },
    ]);
  });
});

describe('approvals through app.fetch and the options of createKitApp', () => {
  it('expires: an undecided approval reads expired and an identical call asks for a new one; so does an approved one not used in time', async () => {
    const { app, store, runs } = makeApp({ ttl: 400 });
    const post = (amount: number) =>
      app.fetch(
        new Request('http://test/api/refunds', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ amount }),
        }),
      );
    const first = await (await post(500)).json();
    expect(Date.parse(first.expiresAt) - Date.now()).toBeLessThanOrEqual(400);
    await sleep(450);
    expect((await (await app.fetch(new Request(`http://test${first.statusUrl}`))).json()).status).toBe('expired');
    expect((await rejectionOf(resolveApproval(first.approvalId, { approved: true }, { store }), KitError)).message).toContain(
      'has expired',
    );
    const second = await (await post(500)).json();
    expect(second.approvalId).not.toBe(first.approvalId);
    await resolveApproval(second.approvalId, { approved: true }, { store });
    await sleep(450);
    const third = await post(500);
    expect(third.status).toBe(202);
    expect((await third.json()).approvalId).not.toBe(second.approvalId);
    expect(runs).toEqual([]);
  });

  it('serves the status under approvals.basePath', async () => {
    const { app } = makeApp({ basePath: '/api/approvals' });
    const held = await app.fetch(
      new Request('http://test/api/refunds', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"amount":500}' }),
    );
    const { statusUrl, approvalId } = await held.json();
    expect(statusUrl).toBe(`/api/approvals/${approvalId}`);
    expect((await app.fetch(new Request(`http://test${statusUrl}`))).status).toBe(200);
    expect((await app.fetch(new Request(`http://test/approvals/${approvalId}`))).status).toBe(404);
  });

  it('uses the process-wide store when none is configured, the one resolveApproval uses by default', async () => {
    await clearApprovals();
    const app = createKitApp({
      policies: [largeRefunds],
      routes: {
        'POST /api/refunds': defineAPI({
          policy: 'large-refund',
          input: z.strictObject({ amount: z.number() }),
          handler: async ({ input }) => ({ refunded: input.amount }),
        }),
      },
    });
    const post = () =>
      app.fetch(
        new Request('http://test/api/refunds', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"amount":500}' }),
      );
    const { approvalId } = await (await post()).json();
    await resolveApproval(approvalId, { approved: true });
    expect(await (await post()).json()).toEqual({ refunded: 500 });
  });

  it('serves no status endpoint in an app where no route is held for approval, unless approvals are configured', async () => {
    const plain = createKitApp({ routes: { 'GET /api/health': defineAPI({ handler: async () => ({ ok: true }) }) } });
    expect((await (await plain.fetch(new Request('http://test/approvals/AAAAAAAAAAAAAAAAAAAAAA'))).json()).detail).toContain(
      'No endpoint at',
    );
    const configured = createKitApp({ routes: {}, approvals: { basePath: '/reviews' } });
    expect((await (await configured.fetch(new Request('http://test/reviews/AAAAAAAAAAAAAAAAAAAAAA'))).json()).detail).toContain(
      'No approval',
    );
  });

  it('refuses bad approval options with a TypeError naming the option and the fix', () => {
    const routes = {};
    expect(thrownBy(() => createKitApp({ routes, approvals: { basePath: 'approvals/' } }), TypeError).message).toContain(
      'createKitApp: approvals.basePath "approvals/" must be a path of plain segments',
    );
    expect(thrownBy(() => createKitApp({ routes, approvals: { ttl: '1 week' } }), TypeError).message).toContain(
      `createKitApp: approvals: ttl "1 week" is not a lifetime`,
    );
    expect(thrownBy(() => createKitApp({ routes, approvals: { retryAfterSeconds: 0 } }), TypeError).message).toContain(
      'approvals.retryAfterSeconds must be a whole number of seconds from 1 to 86400, got 0',
    );
    expect(thrownBy(() => createKitApp({ routes, approvals: { store: new Map() as never } }), TypeError).message).toContain(
      'createKitApp: the approval store lacks addApproval',
    );
  });
});
