import { createKitApp, defineAPI, type KitServer } from '@kit/kit-core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMcpServer } from './create-mcp-server.js';

let server: KitServer;
let client: Client;

beforeAll(async () => {
  const app = createKitApp({
    routes: {
      'GET /api/greet': defineAPI({
        description: 'Greets someone. Give a name.',
        input: z.strictObject({ name: z.string().min(1), times: z.number().int().min(1).max(3).default(1) }),
        output: z.strictObject({ message: z.string() }),
        handler: async ({ input }) => ({ message: `Hello, ${input.name}`.repeat(input.times) }),
      }),
    },
  });
  const mcp = createMcpServer({
    registry: app.registry,
    name: 'greeter',
    version: '1.0.0',
    resources: () => [{ uri: 'test://notes/one', name: 'one', mimeType: 'text/markdown', read: () => '# One' }],
  });
  app.mount('/mcp', ['GET', 'POST', 'DELETE'], (request) => mcp.handleHttp(request));
  server = await app.listen({ port: 0 });
  client = new Client({ name: 'test-client', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${server.port}/mcp`)));
});

afterAll(async () => {
  await client?.close();
  await server?.close();
});

describe('createMcpServer over streamable HTTP', () => {
  it('lists one tool per route with the route schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(1);
    expect(tools[0]).toMatchObject({
      name: 'get_api_greet',
      description: 'Greets someone. Give a name.',
      inputSchema: { type: 'object', required: ['name'], additionalProperties: false },
      outputSchema: { type: 'object', required: ['message'] },
      annotations: { readOnlyHint: true },
    });
  });

  it('calls a tool and returns structuredContent plus the same JSON as text', async () => {
    const result = await client.callTool({ name: 'get_api_greet', arguments: { name: 'Ada' } });
    expect(result.structuredContent).toEqual({ message: 'Hello, Ada' });
    expect(result.content).toEqual([{ type: 'text', text: JSON.stringify({ message: 'Hello, Ada' }) }]);
  });

  it('reports invalid arguments as a tool error carrying a problem document', async () => {
    const result = await client.callTool({ name: 'get_api_greet', arguments: { name: '', extra: 1 } });
    expect(result.isError).toBe(true);
    const problem = JSON.parse((result.content as { text: string }[])[0]!.text);
    expect(problem).toMatchObject({ status: 400, type: '/problems/invalid-input' });
    expect(problem.errors.map((e: { field: string }) => e.field).sort()).toEqual(['extra', 'name']);
  });

  it('answers an unknown tool with a protocol error', async () => {
    await expect(client.callTool({ name: 'nope', arguments: {} })).rejects.toThrow(/Unknown tool/);
  });

  it('lists and reads resources', async () => {
    const { resources } = await client.listResources();
    expect(resources).toEqual([{ uri: 'test://notes/one', name: 'one', mimeType: 'text/markdown' }]);
    const read = await client.readResource({ uri: 'test://notes/one' });
    expect(read.contents[0]).toMatchObject({ text: '# One', mimeType: 'text/markdown' });
    await expect(client.readResource({ uri: 'test://notes/two' })).rejects.toThrow(/No resource/);
  });
});
