// ---
// title: Testing the MCP surface in process
// description: A vitest file that sends MCP JSON-RPC requests to the server's handleHttp without opening a port - initialize, tools/list and tools/call - and checks the tool's name, description, hints and structuredContent, and that a policy refusal is an isError result.
// topics: [mcp, testing]
// relatedDocs: /docs/core-concepts#mcp-projection
// ---
import { createMcpServer } from '@kit/kit-agent';
import { createKitApp, defineAPI, defineConfig, definePolicy } from '@kit/kit-core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const humansOnly = definePolicy({
  key: 'humans-only',
  title: 'Only people close tickets',
  effect: 'deny',
  check: async ({ ctx }) => ({ applies: ctx.authType === 'agent', reason: 'agents may not close tickets' }),
});

const app = createKitApp(
  defineConfig({
    policies: [humansOnly],
    routes: {
      'GET /api/tickets/count': defineAPI({
        description: 'Counts the open tickets.',
        capability: 'read',
        output: z.object({ open: z.number().int() }),
        handler: async () => ({ open: 3 }),
      }),
      'POST /api/tickets/close': defineAPI({
        description: 'Closes a ticket.',
        capability: 'write',
        policy: 'humans-only',
        input: z.object({ id: z.string() }),
        handler: async () => ({ closed: true }),
      }),
    },
  }),
);
const mcp = createMcpServer({ registry: app.registry, name: 'helpdesk', version: '1.0.0' });

// Streamable HTTP, stateless: each POST carries one JSON-RPC message and gets a JSON answer, with no session.
async function rpc(id: number, method: string, params: object = {}): Promise<Record<string, any>> {
  const response = await mcp.handleHttp(
    new Request('http://localhost/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
    }),
  );
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('application/json');
  return (await response.json()) as Record<string, any>;
}

describe('MCP surface', () => {
  it('announces the server', async () => {
    const init = await rpc(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '0.0.0' } });
    expect(init.result.serverInfo).toMatchObject({ name: 'helpdesk', version: '1.0.0' });
  });

  it('lists each route as a tool named by its operation id, with hints from its capability', async () => {
    const { result } = await rpc(2, 'tools/list');
    const count = result.tools.find((tool: { name: string }) => tool.name === 'get_api_tickets_count');
    expect(count.description).toBe('Counts the open tickets.');
    expect(count.annotations).toEqual({ readOnlyHint: true, openWorldHint: false });
    const close = result.tools.find((tool: { name: string }) => tool.name === 'post_api_tickets_close');
    expect(close.annotations).toEqual({ readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false });
  });

  it('answers a call with the route output as structuredContent', async () => {
    const { result } = await rpc(3, 'tools/call', { name: 'get_api_tickets_count', arguments: {} });
    expect(result.structuredContent).toEqual({ open: 3 });
    expect(JSON.parse(result.content[0].text)).toEqual({ open: 3 });
  });

  it('runs the policy as for an agent: a denial is an isError result carrying the 403 problem', async () => {
    const { result } = await rpc(4, 'tools/call', { name: 'post_api_tickets_close', arguments: { id: 't-1' } });
    expect(result.isError).toBe(true);
    expect(JSON.parse(result.content[0].text)).toMatchObject({
      status: 403,
      detail: 'Policy "humans-only" denies this call: agents may not close tickets.',
    });
  });

  it('refuses an unknown tool with a JSON-RPC error', async () => {
    const answer = await rpc(5, 'tools/call', { name: 'nope', arguments: {} });
    expect(answer.error.code).toBe(-32602);
  });
});
