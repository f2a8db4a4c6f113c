import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createKitApp } from '../app/create-kit-app.js';
import type { KitServer } from '../app/kit-app.js';
import type { KitContext } from '../definitions/context.js';
import { defineAPI } from '../definitions/define-api.js';
import type { KitConfig } from '../definitions/define-config.js';
import { defineMiddleware } from '../definitions/define-middleware.js';
import { definePolicy } from '../definitions/define-policy.js';
import { KitError } from '../errors/kit-error.js';
import { contextFor } from '../http/context.js';
import type { AuditEntry, AuditFilter, AuditStore } from './audit-types.js';
import { auditInputDigest } from './canonical-json.js';
import { defineCompliance, type ComplianceConfig } from './define-compliance.js';
import { aiMarkingOf } from './transparency.js';
import { rejectionOf, thrownBy } from '../../../../test-support/rejection.js';

/** `X-Agent: <id>` authenticates an agent, `X-User: <id>` a person; nothing leaves the caller anonymous. */
const headerAuth = defineMiddleware({
  name: 'header-auth',
  handler: async ({ next }) => next(),
  authenticate: async ({ request, ctx }) => {
    const agent = request.headers.get('x-agent');
    if (agent) return { ...ctx, authType: 'agent', auth: { subject: agent, method: 'api_key', permissions: [] } };
    const user = request.headers.get('x-user');
    if (user) return { ...ctx, authType: 'human', auth: { subject: user, method: 'session', permissions: [] } };
    return ctx;
  },
});

const routes: NonNullable<KitConfig['routes']> = {
  'POST /api/drafts': defineAPI({
    input: z.strictObject({ ticket: z.string(), tone: z.enum(['formal', 'casual']).default('formal') }),
    handler: async ({ input }) => ({ draft: `Re ${input.ticket}` }),
  }),
  'GET /api/drafts/:id': defineAPI({ input: z.strictObject({ id: z.string() }), handler: async ({ input }) => ({ id: input.id }) }),
  'DELETE /api/tickets/:id': defineAPI({
    input: z.strictObject({ id: z.string() }),
    policy: 'no-agent-deletes',
    handler: async () => ({ deleted: true }),
  }),
  'GET /api/health': defineAPI({ handler: async () => ({ ok: true }) }),
};
const policies = [
  definePolicy({
    key: 'no-agent-deletes',
    title: 'Agents do not delete',
    effect: 'deny',
    check: async ({ ctx }) => ({ applies: ctx.authType === 'agent', reason: 'agents may not delete tickets' }),
  }),
];

const base: ComplianceConfig = {
  system: { name: 'Ticket assistant', purpose: 'Drafts answers to support tickets' },
  provider: { name: 'Example GmbH', contact: 'ai@example.com' },
  riskLevel: 'limited',
  transparency: { disclosure: 'Drafted by an AI system.', routes: ['POST /api/drafts', 'GET /api/drafts/:id'] },
};

const servers: KitServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function start(config: ComplianceConfig = base) {
  const compliance = defineCompliance(config);
  const app = createKitApp({ routes, policies, middleware: [headerAuth], plugins: [compliance] });
  const server = await app.listen({ port: 0 });
  servers.push(server);
  return { compliance, app, url: `http://127.0.0.1:${server.port}` };
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

describe('defineCompliance', () => {
  it('marks successful answers of the listed routes only, over HTTP', async () => {
    const { url, app } = await start();
    // Other surfaces (MCP, A2A) can ask the same question of the registry.
    expect(aiMarkingOf(app.registry, 'post_api_drafts')).toEqual({ generated: true, disclosure: 'Drafted by an AI system.' });
    expect(aiMarkingOf(app.registry, 'get_api_health')).toBeUndefined();
    const draft = await post(`${url}/api/drafts`, { ticket: 'T-1' });
    expect(draft.status).toBe(200);
    expect(draft.headers.get('kit-ai-generated')).toBe('true');
    expect(draft.headers.get('kit-ai-disclosure')).toBe('Drafted by an AI system.');
    const byId = await fetch(`${url}/api/drafts/d-9`);
    expect(byId.headers.get('kit-ai-generated')).toBe('true');
    expect((await fetch(`${url}/api/drafts/d-9`, { method: 'HEAD' })).headers.get('kit-ai-generated')).toBe('true');

    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    expect(health.headers.get('kit-ai-generated')).toBeNull();
    // A refusal is not AI-generated content.
    const invalid = await post(`${url}/api/drafts`, { ticket: 7 });
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get('kit-ai-generated')).toBeNull();
  });

  it('selects routes with a function and percent-encodes a disclosure outside ASCII', async () => {
    const disclosure = 'Réponse générée par une IA — 100% automatique.';
    const { url } = await start({ ...base, transparency: { disclosure, routes: (route) => route.path.startsWith('/api/drafts') } });
    const answer = await post(`${url}/api/drafts`, { ticket: 'T-2' });
    const header = answer.headers.get('kit-ai-disclosure')!;
    expect(header).toMatch(/^[\x20-\x7e]+$/);
    expect(decodeURIComponent(header)).toBe(disclosure);
    expect((await fetch(`${url}/api/health`)).headers.get('kit-ai-generated')).toBeNull();
  });

  it('describes the system at /.well-known/ai-compliance', async () => {
    const { url } = await start();
    const response = await fetch(`${url}/.well-known/ai-compliance`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.json()).toEqual({
      regulation: 'EU AI Act (Regulation (EU) 2024/1689)',
      system: { name: 'Ticket assistant', purpose: 'Drafts answers to support tickets' },
      provider: { name: 'Example GmbH', contact: 'ai@example.com' },
      riskLevel: 'limited',
      transparency: {
        disclosure: 'Drafted by an AI system.',
        headers: { generated: 'Kit-AI-Generated', disclosure: 'Kit-AI-Disclosure' },
        routes: [
          { method: 'POST', path: '/api/drafts', operationId: 'post_api_drafts' },
          { method: 'GET', path: '/api/drafts/:id', operationId: 'get_api_drafts_id' },
        ],
      },
      auditTrail: { kept: true, scope: 'agents' },
    });
  });

  it('records agent calls over HTTP and through the registry, not people’s, with a digest instead of the input', async () => {
    const { compliance, app, url } = await start();
    await post(`${url}/api/drafts`, { ticket: 'secret customer text' }, { 'X-Agent': 'agent:drafter', 'X-Request-Id': 'req-1' });
    await post(`${url}/api/drafts`, { ticket: 'by a person' }, { 'X-User': 'user:ada' });
    await fetch(`${url}/api/health`);
    expect((await fetch(`${url}/api/tickets/t-1`, { method: 'DELETE', headers: { 'X-Agent': 'agent:drafter' } })).status).toBe(403);
    expect((await post(`${url}/api/drafts`, { ticket: 1 }, { 'X-Agent': 'agent:drafter' })).status).toBe(400);

    // An MCP tool call reaches the route through the registry, with the agent's context.
    const ctx: KitContext = {
      ...contextFor(new Request('http://mcp.local/'), 'agent'),
      auth: { subject: 'agent:mcp', method: 'api_key', permissions: [] },
    };
    await app.registry.invoke(app.registry.get('get_api_drafts_id')!, { id: 'd-1' }, ctx);
    await compliance.auditTrail.flush();

    const entries = await compliance.auditTrail.list();
    expect(entries.map((entry) => [entry.actor.subject, entry.action, entry.outcome])).toEqual([
      ['agent:drafter', 'post_api_drafts', 'succeeded'],
      ['agent:drafter', 'delete_api_tickets_id', 'denied'],
      ['agent:drafter', 'post_api_drafts', 'failed'],
      ['agent:mcp', 'get_api_drafts_id', 'succeeded'],
    ]);
    const [first, denied, invalid] = entries as [AuditEntry, AuditEntry, AuditEntry];
    expect(first).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      requestId: 'req-1',
      actor: { authType: 'agent', subject: 'agent:drafter' },
      action: 'post_api_drafts',
      method: 'POST',
      path: '/api/drafts',
      outcome: 'succeeded',
      durationMs: expect.any(Number),
      // The validated input, default included, in canonical form.
      inputDigest: auditInputDigest({ tone: 'formal', ticket: 'secret customer text' }),
    });
    expect(JSON.stringify(entries)).not.toContain('secret customer text');
    expect(denied).toMatchObject({ policy: 'no-agent-deletes', effect: 'deny', errorCode: 'forbidden', path: '/api/tickets/:id' });
    expect(invalid.errorCode).toBe('invalid_input');
    expect(invalid.inputDigest).toBeUndefined();
  });

  it('records every caller of a high-risk system, whatever scope is asked for', async () => {
    const { compliance, url } = await start({ ...base, riskLevel: 'high', audit: { scope: 'agents' } });
    await post(`${url}/api/drafts`, { ticket: 'T-3' }, { 'X-User': 'user:ada' });
    await fetch(`${url}/api/health`);
    await compliance.auditTrail.flush();
    expect(compliance.auditTrail.scope).toBe('all');
    expect((await compliance.auditTrail.list()).map((entry) => [entry.actor.authType, entry.actor.subject, entry.action])).toEqual([
      ['human', 'user:ada', 'post_api_drafts'],
      ['anonymous', undefined, 'get_api_health'],
    ]);
    expect((await (await fetch(`${url}/.well-known/ai-compliance`)).json()).auditTrail).toEqual({ kept: true, scope: 'all' });
  });

  it('lists by time range, actor and limit, and exports JSON Lines', async () => {
    const { compliance, url } = await start({ ...base, audit: { scope: 'all' } });
    for (const who of ['agent:a', 'agent:b', 'agent:a']) await post(`${url}/api/drafts`, { ticket: who }, { 'X-Agent': who });
    await compliance.auditTrail.flush();
    const all = await compliance.auditTrail.list();
    expect(all).toHaveLength(3);
    expect((await compliance.auditTrail.list({ actor: 'agent:a' })).map((entry) => entry.id)).toEqual([all[0]!.id, all[2]!.id]);
    expect(await compliance.auditTrail.list({ limit: 1 })).toEqual([all[0]]);
    expect(await compliance.auditTrail.list({ since: all[2]!.at })).toEqual(all.filter((entry) => entry.at >= all[2]!.at));
    expect(await compliance.auditTrail.list({ until: all[0]!.at })).toEqual([]);
    expect(await compliance.auditTrail.list({ authType: 'human' })).toEqual([]);

    const jsonl = await compliance.auditTrail.export();
    expect(jsonl.endsWith('\n')).toBe(true);
    expect(
      jsonl
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual(all);
    expect(await compliance.auditTrail.export({ actor: 'nobody' })).toBe('');
    const streamed: AuditEntry[] = [];
    for await (const entry of compliance.auditTrail.entries({ actor: 'agent:b' })) streamed.push(entry);
    expect(streamed).toEqual([all[1]]);

    const badDate = await rejectionOf(compliance.auditTrail.list({ since: 'yesterday' }), KitError);
    expect(badDate.code).toBe('invalid_input');
    expect(badDate.message).toBe(
      'auditTrail.list: since must be a Date or an ISO 8601 date-time such as 2025-01-31T00:00:00Z, got "yesterday".',
    );
    expect((await rejectionOf(compliance.auditTrail.list({ limit: 0 }), KitError)).message).toContain(
      'limit must be a whole number from 1 to 10000',
    );
  });

  it('tells onError when the store fails, and the call is answered all the same', async () => {
    const failures: [unknown, AuditEntry][] = [];
    const broken: AuditStore = {
      appendAudit: async () => {
        throw new Error('disk full');
      },
      readAudit: async function* (_filter: AuditFilter) {
        return;
      },
    };
    const { compliance, url } = await start({
      ...base,
      audit: { store: broken, onError: (error, entry) => void failures.push([error, entry]) },
    });
    expect((await post(`${url}/api/drafts`, { ticket: 'T-4' }, { 'X-Agent': 'agent:a' })).status).toBe(200);
    await compliance.auditTrail.flush();
    expect(failures).toHaveLength(1);
    expect((failures[0]![0] as Error).message).toBe('disk full');
    expect(failures[0]![1].action).toBe('post_api_drafts');
  });

  it('refuses prohibited, unknown or incomplete configurations', () => {
    expect(thrownBy(() => defineCompliance({ ...base, riskLevel: 'unacceptable' as never }), TypeError).message).toContain(
      'riskLevel "unacceptable" is a prohibited AI practice under the EU AI Act (Art. 5) and cannot be deployed',
    );
    expect(thrownBy(() => defineCompliance({ ...base, riskLevel: 'medium' as never }), TypeError).message).toBe(
      'defineCompliance: riskLevel must be one of "minimal", "limited", "high", got "medium"',
    );
    expect(thrownBy(() => defineCompliance({ ...base, system: { name: 'x', purpose: '' } }), TypeError).message).toContain(
      'system.purpose must be a non-empty string',
    );
    expect(
      thrownBy(() => defineCompliance({ ...base, transparency: { disclosure: 'two\nlines', routes: [] } }), TypeError).message,
    ).toContain('transparency.disclosure must be one line of text');
    expect(
      thrownBy(() => defineCompliance({ ...base, transparency: { disclosure: 'AI', routes: ['/api/drafts' as never] } }), TypeError)
        .message,
    ).toContain('transparency.routes must be route keys');

    const unknownRoute = defineCompliance({ ...base, transparency: { disclosure: 'AI', routes: ['POST /api/nope'] } });
    expect(thrownBy(() => createKitApp({ routes, policies, plugins: [unknownRoute] }), Error).message).toBe(
      'createKitApp: setup of plugin "compliance" failed: defineCompliance: transparency route "POST /api/nope" is not a route of this app; list keys of its routes (POST /api/drafts, GET /api/drafts/:id, DELETE /api/tickets/:id, GET /api/health)',
    );
    const once = defineCompliance(base);
    createKitApp({ routes, policies, plugins: [once] });
    expect(thrownBy(() => createKitApp({ routes, policies, plugins: [once] }), Error).message).toContain(
      'this compliance plugin already serves another app',
    );
  });
});
