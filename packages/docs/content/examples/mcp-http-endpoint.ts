// ---
// title: Mounting a streamable-HTTP MCP endpoint at /mcp
// description: Serves the same capabilities to remote agents over HTTP by forwarding requests for /mcp from a middleware to the MCP server's handleHttp, while every other path reaches the routes.
// topics: [mcp, middleware, deployment]
// relatedDocs: /docs/core-concepts#mcp-tools
// ---
import { createMcpServer } from '@kit/kit-agent';
import { createKitApp, defineAPI, defineConfig, defineMiddleware, env, type KitConfig } from '@kit/kit-core';
import { z } from 'zod';

const routes: KitConfig['routes'] = {
  'GET /api/status': defineAPI({
    description: 'Reports the service status.',
    capability: 'read',
    output: z.object({ status: z.literal('ok') }),
    handler: async () => ({ status: 'ok' as const }),
  }),
};

// The registry is built from the routes, so build it once and reuse it for MCP.
const { registry } = createKitApp(defineConfig({ routes }));
const mcp = createMcpServer({ registry, name: 'status-service', version: '0.3.0' });

const mcpEndpoint = defineMiddleware({
  name: 'mcp-endpoint',
  handler: async ({ request, next }) =>
    new URL(request.url).pathname === '/mcp' ? mcp.handleHttp(request) : next(),
});

const app = createKitApp(defineConfig({ routes, middleware: [mcpEndpoint] }));
const port = Number(env('PORT') || '3000');
const server = await app.listen({ port });
console.log(`routes and MCP endpoint on http://localhost:${server.port}/mcp`);
