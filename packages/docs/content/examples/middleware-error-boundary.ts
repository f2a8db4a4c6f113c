// ---
// title: Turning unexpected errors into problem details
// description: Wraps the rest of the chain in try/catch so that an exception thrown by a handler becomes a 500 problem-details response that carries the request id instead of a stack trace.
// topics: [middleware]
// relatedDocs: /docs/routing#middleware
// ---
import { defineConfig, defineMiddleware } from '@kit/kit-core';

export const errorBoundary = defineMiddleware({
  name: 'error-boundary',
  handler: async ({ ctx, next }) => {
    try {
      return await next();
    } catch (error) {
      // Log the details on the server; send the client only what helps it report the problem.
      console.error(`[${ctx.requestId}]`, error);
      return Response.json(
        {
          type: 'about:blank',
          title: 'Internal Server Error',
          status: 500,
          detail: `Something went wrong. Quote request id ${ctx.requestId} when you report it.`,
        },
        { status: 500, headers: { 'content-type': 'application/problem+json' } },
      );
    }
  },
});

// Register the boundary with the application; add your routes beside it.
export default defineConfig({ routes: {}, middleware: [errorBoundary] });
