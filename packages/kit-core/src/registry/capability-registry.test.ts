import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineAPI } from '../definitions/define-api.js';
import type { KitContext } from '../definitions/context.js';
import { KitError } from '../errors/kit-error.js';
import { ApprovalRequiredError } from '../approvals/approval-required-error.js';
import { resolveApproval } from '../approvals/approvals.js';
import { MemoryApprovalStore } from '../approvals/memory-approval-store.js';
import { rejectionOf } from '../../../../test-support/rejection.js';
import { CapabilityRegistry } from './capability-registry.js';
import { toOpenAPI } from './openapi.js';

const ctx: KitContext = { requestId: 'r1', authType: 'anonymous', request: new Request('http://test/') };
const docs = defineAPI({
  description: 'Lists or reads documents. Slug selects one.',
  input: z.strictObject({ slug: z.string().optional(), limit: z.number().int().min(1).max(20).default(5) }),
  output: z.strictObject({ total: z.number() }),
  handler: async ({ input }) => ({ total: input.limit }),
});

describe('CapabilityRegistry', () => {
  it('derives operation ids from method and path', () => {
    const registry = new CapabilityRegistry();
    expect(registry.register('GET', '/api/docs', docs).operationId).toBe('get_api_docs');
    expect(registry.register('POST', '/api/run-job/', docs).operationId).toBe('post_api_run_job');
    expect(() => registry.register('GET', '/api/docs', docs)).toThrow(/registered twice/);
  });

  it('refuses a route that names a policy nobody configured', () => {
    expect(() => new CapabilityRegistry().register('GET', '/x', defineAPI({ policy: 'ghost', handler: async () => 1 }))).toThrow(
      /policy "ghost"/,
    );
  });

  it('validates input on invoke and applies defaults', async () => {
    const registry = new CapabilityRegistry();
    const route = registry.register('GET', '/api/docs', docs);
    expect(await registry.invoke(route, {}, ctx)).toEqual({ total: 5 });
    const error = await registry.invoke(route, { limit: 99, nope: true }, ctx).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(KitError);
    expect((error as KitError).code).toBe('invalid_input');
    expect((error as KitError).issues.map((issue) => issue.field).sort()).toEqual(['limit', 'nope']);
  });

  it('refuses output that breaks the output schema', async () => {
    const registry = new CapabilityRegistry();
    const route = registry.register(
      'GET',
      '/bad',
      defineAPI({ output: z.strictObject({ a: z.string() }), handler: async () => ({ a: 'x', extra: 1 }) as { a: string } }),
    );
    await expect(registry.invoke(route, {}, ctx)).rejects.toMatchObject({ code: 'internal' });
  });

  it('projects GET routes to OpenAPI with query parameters and a JSON body', () => {
    const registry = new CapabilityRegistry();
    registry.register('GET', '/api/docs', docs);
    const document = toOpenAPI(registry, { title: 't', version: '0.1.0' });
    const operation = document.paths['/api/docs']!.get as Record<string, any>;
    expect(operation.operationId).toBe('get_api_docs');
    expect(operation.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual(['query:slug', 'query:limit']);
    expect(operation.requestBody.content['application/json'].schema).toMatchObject({ type: 'object', additionalProperties: false });
    expect(operation.responses['200'].content['application/json'].schema).toMatchObject({
      additionalProperties: false,
      required: ['total'],
    });
    expect(operation.responses['400'].content['application/problem+json']).toBeDefined();
  });
});

describe('CapabilityRegistry.observe', () => {
  it('tells observers how each call ended, and ignores an observer that throws', async () => {
    const registry = new CapabilityRegistry();
    registry.addPolicies([
      {
        key: 'no-agents',
        title: 'No agents',
        effect: 'deny',
        check: async ({ ctx: call }) => ({ applies: call.authType === 'agent', reason: 'agents may not' }),
      },
    ]);
    const route = registry.register('POST', '/api/echo', {
      input: z.strictObject({ text: z.string() }),
      policy: 'no-agents',
      handler: async ({ input }: { input: { text: string } }) => {
        if (input.text === 'boom') throw new Error('boom');
        return { text: input.text };
      },
    });
    const events: { outcome: string; input?: unknown; effect?: string | undefined }[] = [];
    registry.observe(() => {
      throw new Error('a broken observer');
    });
    const stop = registry.observe((event) => {
      events.push({ outcome: event.outcome, ...(event.input === undefined ? {} : { input: event.input }), effect: event.decision?.effect });
    });
    await registry.invoke(route, { text: 'hi' }, ctx);
    await registry.invoke(route, { text: 'hi' }, { ...ctx, authType: 'agent' }).catch(() => undefined);
    await registry.invoke(route, { text: 'boom' }, ctx).catch(() => undefined);
    await registry.invoke(route, { text: 1 }, ctx).catch(() => undefined);
    stop();
    await registry.invoke(route, { text: 'unseen' }, ctx);
    expect(events).toEqual([
      { outcome: 'succeeded', input: { text: 'hi' }, effect: 'allow' },
      { outcome: 'denied', input: { text: 'hi' }, effect: 'deny' },
      { outcome: 'failed', input: { text: 'boom' }, effect: 'allow' },
      { outcome: 'failed', effect: undefined },
    ]);
  });
});

describe('CapabilityRegistry policies with approve and redact effects', () => {
  const approve = {
    key: 'big',
    title: 'Big amounts need a person',
    effect: 'approve' as const,
    check: async ({ input }: { input?: unknown }) => ({ applies: (input as { n: number }).n > 10 }),
  };
  const redact = {
    key: 'hide',
    title: 'Hide',
    effect: 'redact' as const,
    redact: ['secret', 'list.*.secret'],
    check: async () => ({ applies: true }),
  };

  it('holds an approve call with ApprovalRequiredError (a 403 KitError to edges that do not know approvals), then runs it once approved', async () => {
    const registry = new CapabilityRegistry();
    const store = new MemoryApprovalStore();
    registry.addPolicies([approve]);
    registry.useApprovals({ store, ttl: '5m', basePath: '/ops/approvals', retryAfterSeconds: 5 });
    const route = registry.register(
      'POST',
      '/api/pay',
      defineAPI({ input: z.strictObject({ n: z.number() }), policy: 'big', handler: async ({ input }) => ({ paid: input.n }) }),
    );
    expect(await registry.invoke(route, { n: 1 }, ctx)).toEqual({ paid: 1 });
    const held = await rejectionOf(registry.invoke(route, { n: 50 }, ctx), ApprovalRequiredError);
    expect(held).toBeInstanceOf(KitError);
    expect(held.status).toBe(403);
    expect(held.statusUrl).toBe(`/ops/approvals/${held.approval.id}`);
    expect(held.headers).toEqual({ Location: held.statusUrl, 'Retry-After': '5' });
    expect(held.message).toBe(
      `Policy "big" requires an approval for this call: Big amounts need a person. Approval ${held.approval.id} is pending (status at ${held.statusUrl}); once a person approves it, the same call succeeds, once, until ${held.approval.expiresAt}.`,
    );
    expect(held.pendingBody()).toEqual({
      approvalId: held.approval.id,
      status: 'pending',
      statusUrl: held.statusUrl,
      policy: 'big',
      reason: 'Big amounts need a person',
      expiresAt: held.approval.expiresAt,
    });
    expect(Date.parse(held.approval.expiresAt) - Date.parse(held.approval.createdAt)).toBe(300_000);
    await resolveApproval(held.approval.id, { approved: true }, { store });
    expect(await registry.invoke(route, { n: 50 }, ctx)).toEqual({ paid: 50 });
  });

  it('redacts the validated output of a route under a redact policy, and widens its output schema', async () => {
    const registry = new CapabilityRegistry();
    registry.addPolicies([redact]);
    const route = registry.register(
      'GET',
      '/api/thing',
      defineAPI({
        policy: 'hide',
        output: z.strictObject({ secret: z.number(), list: z.array(z.strictObject({ secret: z.string(), shown: z.string() })) }),
        handler: async () => ({ secret: 42, list: [{ secret: 's', shown: 'x' }] }),
      }),
    );
    expect(await registry.invoke(route, {}, ctx)).toEqual({ secret: '[redacted]', list: [{ secret: '[redacted]', shown: 'x' }] });
    expect((route.outputSchema as any).properties.secret).toEqual({ anyOf: [{ type: 'number' }, { type: 'string', const: '[redacted]' }] });
  });

  it('refuses a route that names a redact policy listing no paths', () => {
    const registry = new CapabilityRegistry();
    registry.addPolicies([{ ...redact, redact: [] }]);
    expect(() => registry.register('GET', '/api/thing', defineAPI({ policy: 'hide', handler: async () => ({}) }))).toThrow(
      "CapabilityRegistry: GET /api/thing names policy \"hide\", whose effect is redact but which lists no output paths to redact; give it redact: ['email', 'items.*.email'], or leave the route without it and call enforcePolicies in the handler",
    );
  });

  it('refuses bad approval options', () => {
    expect(() => new CapabilityRegistry().useApprovals({ ttl: -1 })).toThrow(
      /CapabilityRegistry.useApprovals: approvals: ttl -1 is not a lifetime/,
    );
  });
});

describe('toOpenAPI and policies', () => {
  it('documents the 202 of a route held for approval and the 403 of a policy', () => {
    const registry = new CapabilityRegistry();
    registry.addPolicies([
      { key: 'needs-approval', title: 'Needs approval', effect: 'approve', check: async () => ({ applies: true }) },
      { key: 'never', title: 'Never', effect: 'deny', check: async () => ({ applies: true }) },
    ]);
    registry.register('POST', '/api/refunds', { policy: 'needs-approval', handler: async () => ({}) });
    registry.register('DELETE', '/api/all', { policy: 'never', handler: async () => ({}) });
    registry.register('GET', '/api/open', { handler: async () => ({}) });
    const paths = toOpenAPI(registry, { title: 't', version: '1' }).paths as Record<
      string,
      Record<string, { responses: Record<string, unknown> }>
    >;
    expect(Object.keys(paths['/api/refunds']!.post!.responses)).toEqual(expect.arrayContaining(['200', '202', '403']));
    expect(Object.keys(paths['/api/all']!.delete!.responses)).toContain('403');
    expect(Object.keys(paths['/api/all']!.delete!.responses)).not.toContain('202');
    expect(Object.keys(paths['/api/open']!.get!.responses)).not.toContain('403');
  });
});
