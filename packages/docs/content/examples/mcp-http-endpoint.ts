// ---
// title: Mounting a streamable-HTTP MCP endpoint at /mcp
// description: Serves the application's capabilities to remote agents over HTTP by letting a middleware hand requests for /mcp to the MCP server's handleHttp, while every other request reaches the routes.
// topics: [mcp, middleware, deployment]
// relatedDocs: /docs/core-concepts#createmcpserver
// ---
import { createMcpServer } from '@kit/kit-agent';
import { createKitApp, defineAPI, defineConfig, defineMiddleware, env } from '@kit/kit-core';
import { z } from 'zod';

const mcpEndpoint = defineMiddleware({
  name: 'mcp-endpoint',
  // `mcp` is created below from the app's registry; the handler only runs once requests arrive.
  handler: async ({ request, next }) =>
    new URL(request.url).pathname === '/mcp' ? mcp.handleHttp(request) : next(),
});

const app = createKitApp(
  defineConfig({
    info: { title: 'Status service', version: '0.3.0' },
    routes: {
      'GET /api/status': defineAPI({
        description: 'Reports the service status.',
        capability: 'read',
        output: z.object({ status: z.literal('ok') }),
        handler: async () => ({ status: 'ok' as const }),
      }),
    },
    middleware: [mcpEndpoint],
  }),
);

const mcp = createMcpServer({ registry: app.registry, name: 'status-service', version: '0.3.0' });

const port = Number(env('PORT') || '3000');
const server = await app.listen({ port });
console.log(`routes on http://localhost:${server.port}/api, MCP on http://localhost:${server.port}/mcp`);
