// ---
// title: A middleware written as a bare handler
// description: Passes a plain handler function to defineMiddleware, which wraps it into a MiddlewareDefinition; this one adds a request id header to every response.
// topics: [middleware]
// relatedDocs: /docs/routing#middleware
// ---
import { defineMiddleware } from '@kit/kit-core';

// defineMiddleware accepts either { name, handler } or just the handler.
export default defineMiddleware(async ({ ctx, next }) => {
  const response = await next();
  const tagged = new Response(response.body, response);
  tagged.headers.set('x-request-id', ctx.requestId);
  return tagged;
});
