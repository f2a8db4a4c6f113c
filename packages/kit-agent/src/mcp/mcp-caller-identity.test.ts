import { createKitApp, defineAPI, defineMiddleware, KitError } from '@kit/kit-core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMcpServer } from './create-mcp-server.js';

// A tiny authentication step of the test's own: a bearer token names the agent.
const tokenAuth = defineMiddleware({
  name: 'token-auth',
  handler: async ({ next }) => next(),
  authenticate: async ({ request, ctx }) => {
    const header = request.headers.get('authorization');
    if (header === null) return ctx;
    if (header !== 'Bearer bot-token') throw new KitError('unauthorized', 'The bearer token is not valid.');
    return { ...ctx, authType: 'agent', auth: { subject: 'agent:triage', method: 'api_key', permissions: ['tickets:read'] } };
  },
});

describe('MCP over HTTP and the caller identity', () => {
  it('runs tool calls as the caller the app authenticated, and anonymous callers as agents without identity', async () => {
    const app = createKitApp({
      middleware: [tokenAuth],
      routes: {
        'GET /api/whoami': defineAPI({
          output: z.strictObject({ authType: z.string(), subject: z.string() }),
          handler: async ({ ctx }) => ({ authType: ctx.authType, subject: ctx.auth?.subject ?? '(none)' }),
        }),
      },
    });
    const mcp = createMcpServer({ registry: app.registry, name: 'who', version: '1.0.0' });
    app.mount('/mcp', ['POST'], (request, ctx) => mcp.handleHttp(request, ctx));
    const server = await app.listen({ port: 0 });
    const url = new URL(`http://127.0.0.1:${server.port}/mcp`);
    const call = async (headers: Record<string, string>) => {
      const client = new Client({ name: 'test', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers } }));
      try {
        return (await client.callTool({ name: 'get_api_whoami', arguments: {} })).structuredContent;
      } finally {
        await client.close();
      }
    };
    try {
      expect(await call({ Authorization: 'Bearer bot-token' })).toEqual({ authType: 'agent', subject: 'agent:triage' });
      expect(await call({})).toEqual({ authType: 'agent', subject: '(none)' });
      const refused = await fetch(url, {
        method: 'POST',
        headers: { Authorization: 'Bearer forged', 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
        body: '{}',
      });
      expect(refused.status).toBe(401);
    } finally {
      await server.close();
    }
  });
});
