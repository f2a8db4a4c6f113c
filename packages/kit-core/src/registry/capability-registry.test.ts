import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineAPI } from '../definitions/define-api.js';
import type { KitContext } from '../definitions/context.js';
import { KitError } from '../errors/kit-error.js';
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
    expect(() => new CapabilityRegistry().register('GET', '/x', defineAPI({ policy: 'ghost', handler: async () => 1 }))).toThrow(/policy "ghost"/);
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
    const route = registry.register('GET', '/bad', defineAPI({ output: z.strictObject({ a: z.string() }), handler: async () => ({ a: 'x', extra: 1 }) as { a: string } }));
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
    expect(operation.responses['200'].content['application/json'].schema).toMatchObject({ additionalProperties: false, required: ['total'] });
    expect(operation.responses['400'].content['application/problem+json']).toBeDefined();
  });
});

describe('CapabilityRegistry.observe', () => {
  it('tells observers how each call ended, and ignores an observer that throws', async () => {
    const registry = new CapabilityRegistry();
    registry.addPolicies([
      { key: 'no-agents', title: 'No agents', effect: 'deny', check: async ({ ctx: call }) => ({ applies: call.authType === 'agent', reason: 'agents may not' }) },
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
