// ---
// title: A middleware written as a bare handler
// description: Passes a plain handler function to defineMiddleware, which wraps it into a MiddlewareDefinition; this one marks every answer to a signed-in caller as not cacheable by shared caches.
// topics: [middleware]
// relatedDocs: /docs/routing#definemiddleware
// ---
import { defineMiddleware } from '@kit/kit-core';

// defineMiddleware accepts either { name, handler } or just the handler.
export default defineMiddleware(async ({ ctx, next }) => {
  const response = await next();
  if (ctx.authType === 'anonymous') return response;
  // Answers for humans and agents may hold personal data: keep them out of shared caches.
  const privateResponse = new Response(response.body, response);
  privateResponse.headers.set('cache-control', 'private, no-store');
  return privateResponse;
});
