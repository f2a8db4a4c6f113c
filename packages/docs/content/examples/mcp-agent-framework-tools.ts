// ---
// title: Handing read-only routes to a third-party agent library
// description: Converts the routes of the capability registry into LangChain tools with toLangChainTools, keeping only routes whose capability is read, and calls one the way a LangChain agent does.
// topics: [mcp, ai-toolkit]
// relatedDocs: /docs/core-concepts#tolangchaintools
// ---
import { toLangChainTools } from '@kit/kit-agent';
import { createKitApp, defineAPI, defineConfig } from '@kit/kit-core';
import { z } from 'zod';

const app = createKitApp(
  defineConfig({
    routes: {
      'GET /api/orders': defineAPI({
        description: 'Lists recent orders.',
        capability: 'read',
        output: z.object({ ids: z.array(z.string()) }),
        handler: async () => ({ ids: ['o-1', 'o-2'] }),
      }),
      'POST /api/orders/cancel': defineAPI({
        description: 'Cancels an order.',
        capability: 'write',
        input: z.object({ id: z.string() }),
        output: z.object({ canceled: z.boolean() }),
        handler: async () => ({ canceled: true }),
      }),
    },
  }),
);

// filter sees each route with its capability; only the read route becomes a tool here. The call is async:
// LangChain (@langchain/core) is loaded on first use, so apps that never use the bridge do not pay for it.
const tools = await toLangChainTools(app.registry, { filter: (route) => route.capability === 'read' });
const [orders] = tools;
if (!orders) throw new Error('expected the read route as a tool');

// A DynamicStructuredTool named by the operation id, with the route's description and input JSON Schema.
console.log(orders.name, '-', orders.description); // get_api_orders - Lists recent orders.
console.log(orders.metadata); // { operationId: 'get_api_orders', method: 'GET', path: '/api/orders', capability: 'read' }

// A call runs the route through the registry (validation, policy) as an agent call and answers JSON text.
console.log(await orders.invoke({})); // {"ids":["o-1","o-2"]}

// Invoked with a ToolCall, as a LangChain agent does, the tool answers a ToolMessage for that call.
const message = await orders.invoke({ type: 'tool_call', id: 'call_1', name: 'get_api_orders', args: {} });
console.log(message.tool_call_id, message.content); // call_1 {"ids":["o-1","o-2"]}
