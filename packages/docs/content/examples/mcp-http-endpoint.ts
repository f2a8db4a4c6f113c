// ---
// title: Mounting a streamable-HTTP MCP endpoint at /mcp
// description: Serves the application's capabilities to remote agents over HTTP by mounting the MCP server's handleHttp at /mcp with app.mount, passing the request context so tool calls run as the authenticated caller.
// topics: [mcp, deployment]
// relatedDocs: /docs/kit-agent#mcp-transports
// ---
import { createMcpServer } from '@kit/kit-agent';
import { createKitApp, defineAPI, defineConfig, env } from '@kit/kit-core';
import { z } from 'zod';

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
  }),
);

const mcp = createMcpServer({
  registry: app.registry,
  name: 'status-service',
  version: '0.3.0',
  instructions: 'Call get_api_status to learn whether the service is up.',
  // In production, add allowedHosts: ['status.example.com'] (Host values as sent, with the port when it is
  // not the default one) so that a request under any other Host gets a 403: protection against DNS rebinding.
});

// Stateless: each request gets a fresh MCP server and a JSON answer, so any replica can serve any request.
// Passing ctx makes tool calls run as the caller the app's authentication middleware identified (ctx.auth,
// permissions, approvals of their own); an anonymous caller's calls run as an agent without an identity.
// Other methods on /mcp get a 405 with an Allow header.
app.mount('/mcp', ['GET', 'POST', 'DELETE'], (request, ctx) => mcp.handleHttp(request, ctx));

const port = Number(env('PORT') || '3000');
const server = await app.listen({ port });
console.log(`routes on http://localhost:${server.port}/api, MCP on http://localhost:${server.port}/mcp`);
