// ---
// title: Handing read-only routes to a third-party agent library
// description: Converts the routes of the capability registry into tools for a third-party agent-tool library with toLangChainTools, keeping only routes whose capability is read.
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
// LangChain's modules load on first use, so apps that never use the bridge do not pay for them.
const tools = await toLangChainTools(app.registry, { filter: (route) => route.capability === 'read' });
console.log(tools.map((tool) => tool.name)); // [ 'get_api_orders' ]

// Each tool runs its route through the registry (validation, policies) and answers JSON text. Pass `tools`
// to the agent of the third-party library; here one is called the way such an agent calls it.
console.log(await tools[0]?.invoke({})); // {"ids":["o-1","o-2"]}
