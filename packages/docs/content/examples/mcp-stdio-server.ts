// ---
// title: Serving your routes as MCP tools over stdio
// description: Builds the application, hands its CapabilityRegistry to createMcpServer and connects the server to stdio so that a local AI assistant can call every defineAPI route as a tool.
// topics: [mcp, defineAPI]
// relatedDocs: /docs/core-concepts#createmcpserver
// ---
import { createMcpServer } from '@kit/kit-agent';
import { createKitApp, defineAPI, defineConfig } from '@kit/kit-core';
import { z } from 'zod';

const searchTickets = defineAPI({
  // The description and the schemas become the tool's description and input schema.
  description: 'Finds tickets whose title contains the given words.',
  capability: 'read',
  resource: 'tickets',
  input: z.object({ query: z.string().min(1) }),
  output: z.object({ ids: z.array(z.string()) }),
  handler: async ({ input }) => ({ ids: input.query.includes('printer') ? ['t-1'] : [] }),
});

const app = createKitApp(
  defineConfig({
    info: { title: 'Helpdesk', version: '1.2.0' },
    routes: { 'GET /api/tickets/search': searchTickets },
  }),
);

const mcp = createMcpServer({ registry: app.registry, name: 'helpdesk', version: '1.2.0' });

// stdout now carries the protocol, so write any logging to stderr.
await mcp.connectStdio();
console.error('helpdesk MCP server ready on stdio');
