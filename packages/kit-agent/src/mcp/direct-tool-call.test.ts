import { createKitApp, defineAPI, definePolicy } from '@kit/kit-core';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createMcpServer } from './create-mcp-server.js';

const agentsMayNotDelete = definePolicy({
  key: 'no-agent-deletes',
  title: 'Agents may not delete',
  effect: 'deny',
  check: async ({ ctx }) => ({ applies: ctx.authType === 'agent', reason: 'agents may not delete notes' }),
});

const app = createKitApp({
  policies: [agentsMayNotDelete],
  routes: {
    'GET /api/greet': defineAPI({
      description: 'Greets someone.',
      input: z.strictObject({ name: z.string().min(1), times: z.number().int().min(1).max(3).default(1) }),
      output: z.strictObject({ message: z.string() }),
      handler: async ({ input }) => ({ message: `Hello, ${input.name}`.repeat(input.times) }),
    }),
    'GET /api/tags': defineAPI({ output: z.array(z.string()), handler: async () => ['red', 'blue'] }),
    'GET /api/loose': defineAPI({ input: z.object({ q: z.string().optional() }), handler: async ({ input }) => ({ echo: input }) }),
    'DELETE /api/notes': defineAPI({ capability: 'write', policy: 'no-agent-deletes', handler: async () => ({ deleted: true }) }),
    // Output JSON cannot carry: the result no longer matches MCP's result schema, or cannot be written at all.
    'GET /api/odd': defineAPI({ handler: async () => ({ big: 10n }) as unknown as Record<string, unknown> }),
    // An own "__proto__" key, which MCP's result schema drops from its copy of the structured content.
    'GET /api/proto': defineAPI({ handler: async () => JSON.parse('{"__proto__":{"x":1},"kept":true}') as Record<string, unknown> }),
  },
});

// The same registry twice: without Host checks, a tools/call takes the direct path; with them (allowedHosts),
// every request goes through the SDK's server and transport, which is the reference.
const direct = createMcpServer({ registry: app.registry, name: 'greeter', version: '1.0.0' });
const reference = createMcpServer({ registry: app.registry, name: 'greeter', version: '1.0.0', allowedHosts: ['localhost'] });

const validAccept = 'application/json, text/event-stream';

interface Sent {
  readonly body: string;
  readonly accept?: string | undefined;
  readonly contentType?: string | undefined;
  readonly version?: string | undefined;
}

function requestOf(sent: Sent): Request {
  const headers: Record<string, string> = { host: 'localhost' };
  if (sent.accept !== undefined) headers.accept = sent.accept;
  if (sent.contentType !== undefined) headers['content-type'] = sent.contentType;
  if (sent.version !== undefined) headers['mcp-protocol-version'] = sent.version;
  return new Request('http://localhost/mcp', { method: 'POST', headers, body: sent.body });
}

async function answerOf(server: typeof direct, sent: Sent) {
  const response = await server.handleHttp(requestOf(sent));
  return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
}

const call = (params: unknown, id: unknown = 1) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params });

describe('MCP tools/call answered directly', () => {
  it('answers a plain tools/call without the SDK transport, and anything else with it', async () => {
    const transport = vi.spyOn(WebStandardStreamableHTTPServerTransport.prototype, 'handleRequest');
    try {
      const sent = { accept: validAccept, contentType: 'application/json' };
      const answer = await answerOf(direct, { ...sent, body: call({ name: 'get_api_greet', arguments: { name: 'Ada' } }) });
      expect(JSON.parse(answer.body)).toMatchObject({ result: { structuredContent: { message: 'Hello, Ada' } }, id: 1 });
      expect(transport).not.toHaveBeenCalled();
      await answerOf(direct, { ...sent, body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' }) });
      expect(transport).toHaveBeenCalledTimes(1);
    } finally {
      transport.mockRestore();
    }
  });

  it('answers as the SDK does, byte for byte, for calls that succeed, fail or are refused', async () => {
    const bodies = [
      call({ name: 'get_api_greet', arguments: { name: 'Ada' } }),
      call({ name: 'get_api_greet', arguments: { name: 'Ada', times: 2 } }, 'abc'),
      call({ name: 'get_api_greet', arguments: { name: '' } }, 0),
      call({ name: 'get_api_greet', arguments: { name: 'Ada', extra: true } }, -7),
      call({ name: 'get_api_greet' }),
      call({ name: 'get_api_tags', arguments: {} }),
      call({ name: 'get_api_loose', arguments: { q: 'x', other: [1, { a: null }] } }),
      call({ name: 'delete_api_notes', arguments: {} }),
      call({ name: 'get_api_odd', arguments: {} }),
      call({ name: 'get_api_proto', arguments: {} }),
      call({ name: 'nope', arguments: {} }),
      call({ name: 'get_api_greet', arguments: [] }),
      call({ name: 'get_api_greet', arguments: 'Ada' }),
      call({ name: 5 }),
      call({ name: 'get_api_greet', arguments: { name: 'Ada' }, _meta: { progressToken: 1 } }),
      call({ name: 'get_api_greet', arguments: { name: 'Ada' } }, 1.5),
      call({ name: 'get_api_greet', arguments: { name: 'Ada' } }, null),
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_api_loose","arguments":{"__proto__":{"q":"x"}}}}',
      JSON.stringify({ jsonrpc: '2.0', method: 'tools/call', params: { name: 'get_api_tags' } }),
      JSON.stringify({ jsonrpc: '1.0', id: 1, method: 'tools/call', params: { name: 'get_api_tags' } }),
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
      JSON.stringify([JSON.parse(call({ name: 'get_api_tags' }))]),
      '{"jsonrpc":"2.0","id":1,',
      '',
      'null',
    ];
    for (const body of bodies) {
      const sent: Sent = { body, accept: validAccept, contentType: 'application/json' };
      expect(await answerOf(direct, sent), body).toEqual(await answerOf(reference, sent));
    }
  });

  it('answers as the SDK does whatever the headers and the message', async () => {
    const name = fc.constantFrom('get_api_greet', 'get_api_tags', 'get_api_loose', 'delete_api_notes', 'nope');
    const args = fc.option(fc.dictionary(fc.constantFrom('name', 'times', 'q', 'x'), fc.jsonValue({ maxDepth: 2 })), { nil: undefined });
    const id = fc.oneof(fc.integer(), fc.string({ maxLength: 5 }), fc.constant(2.5), fc.constant(null));
    const message = fc.record({
      jsonrpc: fc.constantFrom('2.0', '2.1'),
      id,
      method: fc.constantFrom('tools/call', 'tools/call', 'tools/list'),
      params: fc.record({ name, arguments: args }, { requiredKeys: ['name'] }),
    });
    const sent = fc.record({
      body: fc.oneof(
        message.map((value) => JSON.stringify(value)),
        fc.string({ maxLength: 20 }),
      ),
      accept: fc.constantFrom(validAccept, 'application/json', 'text/event-stream', '*/*', undefined),
      contentType: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', undefined),
      version: fc.constantFrom(undefined, '2025-06-18', '2025-11-25', '1999-01-01'),
    });
    await fc.assert(
      fc.asyncProperty(sent, async (value) => {
        expect(await answerOf(direct, value)).toEqual(await answerOf(reference, value));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the body limit of the endpoint it is mounted at', async () => {
    const mounted = createKitApp({
      routes: { 'GET /api/loose': defineAPI({ input: z.object({ q: z.string() }), handler: async () => ({}) }) },
    });
    const server = createMcpServer({ registry: mounted.registry, name: 'limits', version: '1.0.0' });
    mounted.mount('/mcp', ['POST'], (request, ctx) => server.handleHttp(request, ctx), { maxBodyBytes: 100 });
    const body = call({ name: 'get_api_loose', arguments: { q: 'x'.repeat(200) } });
    const response = await mounted.fetch(
      new Request('http://localhost/mcp', { method: 'POST', headers: { accept: validAccept, 'content-type': 'application/json' }, body }),
    );
    expect(response.status).toBe(413);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
  });

  it('runs the call as the caller the app authenticated', async () => {
    const body = call({ name: 'delete_api_notes', arguments: {} });
    const response = await direct.handleHttp(requestOf({ body, accept: validAccept, contentType: 'application/json' }), {
      requestId: 'r1',
      authType: 'human',
      auth: { subject: 'user_1', method: 'session', permissions: [] },
      request: new Request('http://localhost/mcp'),
    });
    expect(await response.json()).toEqual({
      result: { content: [{ type: 'text', text: '{"deleted":true}' }], structuredContent: { deleted: true } },
      jsonrpc: '2.0',
      id: 1,
    });
  });
});
