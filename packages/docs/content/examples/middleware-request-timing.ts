// ---
// title: Timing every request with defineMiddleware
// description: A named middleware that measures how long the rest of the chain takes and reports it in a Server-Timing header, registered in the application configuration.
// topics: [middleware]
// relatedDocs: /docs/routing#middleware
// ---
import { defineAPI, defineConfig, defineMiddleware } from '@kit/kit-core';
import { z } from 'zod';

export const requestTiming = defineMiddleware({
  name: 'request-timing',
  handler: async ({ next }) => {
    const started = performance.now();
    const response = await next();
    const elapsedMs = performance.now() - started;
    // Copy the response so its headers can be changed whatever produced it.
    const timed = new Response(response.body, response);
    timed.headers.set('server-timing', `app;dur=${elapsedMs.toFixed(1)}`);
    return timed;
  },
});

export default defineConfig({
  routes: {
    'GET /api/ping': defineAPI({
      capability: 'read',
      output: z.object({ pong: z.boolean() }),
      handler: async () => ({ pong: true }),
    }),
  },
  middleware: [requestTiming],
});
