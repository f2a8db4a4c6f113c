// ---
// title: Testing the MCP surface in process
// description: A vitest file that sends MCP JSON-RPC requests to the server's handleHttp without opening a port - an initialize handshake, then tools/list - and checks that a defineAPI route appears as a tool with its description.
// topics: [mcp, testing]
// relatedDocs: /docs/core-concepts#mcp-projection
// ---
import { createMcpServer } from '@kit/kit-agent';
import { createKitApp, defineAPI, defineConfig } from '@kit/kit-core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const app = createKitApp(
  defineConfig({
    routes: {
      'GET /api/tickets/count': defineAPI({
        description: 'Counts the open tickets.',
        capability: 'read',
        output: z.object({ open: z.number().int() }),
        handler: async () => ({ open: 3 }),
      }),
    },
  }),
);
const mcp = createMcpServer({ registry: app.registry, name: 'helpdesk', version: '1.0.0' });

// Streamable HTTP: JSON-RPC in a POST body; the answer may come as JSON or as one server-sent event.
async function rpc(body: object, sessionId?: string): Promise<{ response: Response; message: unknown }> {
  const response = await mcp.handleHttp(
    new Request('http://localhost/mcp', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...(sessionId ? { 'mcp-session-id': sessionId } : {}),
      },
      body: JSON.stringify({ jsonrpc: '2.0', ...body }),
    }),
  );
  const text = await response.text();
  const json = text.startsWith('{') ? text : (text.split('\n').find((line) => line.startsWith('data: ')) ?? 'data: null').slice(6);
  return { response, message: JSON.parse(json) as unknown };
}

describe('MCP surface', () => {
  it('lists the route as a tool', async () => {
    const init = await rpc({
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '0.0.0' } },
    });
    expect(init.response.status).toBe(200);
    const sessionId = init.response.headers.get('mcp-session-id') ?? undefined;

    // Tell the server the handshake is complete (a notification: no id, no answer expected).
    await rpc({ method: 'notifications/initialized' }, sessionId);

    const { message } = await rpc({ id: 2, method: 'tools/list' }, sessionId);
    const tools = (message as { result: { tools: { name: string; description?: string }[] } }).result.tools;
    expect(tools.some((tool) => tool.description === 'Counts the open tickets.')).toBe(true);
  });
});
