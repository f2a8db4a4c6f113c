// ---
// title: Giving a smart agent the tools of another MCP server
// description: Connects createMcpClient to an MCP server over streamable HTTP on loopback, turns the server's tools into AgentTools with a prefix, and lets a smart agent call one; also shows callTool and how a tool error surfaces.
// topics: [mcp, agents]
// relatedDocs: /docs/kit-agent#createmcpclient
// ---
import { createMcpClient, createMcpServer } from '@kit/kit-agent';
import { createSmartAgent, type LLMProvider } from '@kit/kit-ai';
import { createKitApp, defineAPI, defineConfig } from '@kit/kit-core';
import { z } from 'zod';

// The other side: a kit app serving its routes over MCP at /mcp. Any MCP server would do.
const helpdesk = createKitApp(
  defineConfig({
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
        input: z.object({ id: z.string().min(3) }),
        handler: async () => ({ closed: true }),
      }),
    },
  }),
);
const server = createMcpServer({ registry: helpdesk.registry, name: 'helpdesk', version: '1.0.0' });
helpdesk.mount('/mcp', ['GET', 'POST', 'DELETE'], (request) => server.handleHttp(request));
const listening = await helpdesk.listen({ port: 0, host: '127.0.0.1' });

// The client resolves once the server has answered initialize. Without name, errors would name it by host.
const client = await createMcpClient({ url: `http://127.0.0.1:${listening.port}/mcp`, name: 'helpdesk', timeoutMs: 5_000 });
try {
  console.log(client.server.name, client.server.version); // helpdesk 1.0.0

  // One AgentTool per server tool: prefixed name, the server's description, its input schema as parameters,
  // and isConcurrencySafe only where the server hints readOnlyHint (the read route, not the write one).
  const tools = await client.tools({ prefix: 'helpdesk_' });
  console.log(tools.map((tool) => [tool.name, tool.isConcurrencySafe === true]));
  // [ [ 'helpdesk_get_api_tickets_count', true ], [ 'helpdesk_post_api_tickets_close', false ] ]

  // A scripted model keeps the example offline: it calls the count tool, then answers.
  const replies = [
    { content: '', model: 'scripted-1', toolCalls: [{ id: 'c1', name: 'helpdesk_get_api_tickets_count', arguments: {} }] },
    { content: 'There are 3 open tickets.', model: 'scripted-1' },
  ];
  const llm: LLMProvider = { name: 'scripted', chat: async () => replies.shift() ?? { content: 'Done.', model: 'scripted-1' } };
  const run = await createSmartAgent({ llm, tools }).run('How many tickets are open?');
  console.log(run.status, run.result, run.toolCalls.length); // completed There are 3 open tickets. 1

  // callTool returns the result's structuredContent (else its text, parsed as JSON when it is JSON).
  console.log(await client.callTool('get_api_tickets_count')); // { open: 3 }

  // A result with isError throws KitAIError('tool_failed') quoting the server's text: here the problem
  // document of the route's input validation. In an agent run, the model reads it as the tool's error.
  try {
    await client.callTool('post_api_tickets_close', { id: 'x' });
  } catch (error) {
    console.log((error as { code?: string }).code, (error as Error).message);
    // tool_failed mcp-client "helpdesk": tool "post_api_tickets_close" reported an error: {"type":"/problems/invalid-input",...}
  }
} finally {
  await client.close();
  await listening.close();
}
