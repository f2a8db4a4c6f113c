// ---
// title: Turning unexpected errors into problem details
// description: Wraps the rest of the chain in try/catch so that an exception thrown by a handler becomes a 500 problem-details response that quotes the request id, while the KitErrors callers cause keep their own status.
// topics: [middleware]
// relatedDocs: /docs/routing#middleware
// ---
import { createKitApp, defineAPI, defineConfig, defineMiddleware, KitError } from '@kit/kit-core';

export const errorBoundary = defineMiddleware({
  name: 'error-boundary',
  handler: async ({ ctx, next }) => {
    try {
      return await next();
    } catch (error) {
      // KitErrors (400, 404, 403, ...) are answers meant for the caller: let the app render them.
      if (error instanceof KitError && error.code !== 'internal') throw error;
      // Log the details on the server; send the client only what helps it report the problem.
      console.error(`[${ctx.requestId}]`, error instanceof Error ? error.message : error);
      return Response.json(
        {
          type: '/problems/internal',
          title: 'Internal server error',
          status: 500,
          detail: `Something went wrong. Quote request id ${ctx.requestId} when you report it.`,
        },
        { status: 500, headers: { 'content-type': 'application/problem+json; charset=utf-8' } },
      );
    }
  },
});

// Without the boundary the app still answers a bare 500 that reveals nothing and calls KitConfig.onError.
const config = defineConfig({
  routes: {
    'GET /api/broken': defineAPI({
      handler: async (): Promise<{ ok: boolean }> => {
        throw new Error('the ledger service is down');
      },
    }),
  },
  middleware: [errorBoundary],
});
export default config;

const response = await createKitApp(config).fetch(new Request('http://localhost/api/broken', { headers: { 'x-request-id': 'req-7' } }));
const problem = (await response.json()) as { detail: string };
console.log(response.status, problem.detail); // 500 Something went wrong. Quote request id req-7 when you report it.
