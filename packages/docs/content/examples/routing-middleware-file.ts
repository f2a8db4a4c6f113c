// ---
// title: A _middleware.ts that keeps agents out of a directory
// description: A middleware file for the billing directory that answers 403 to every agent and anonymous caller, so only signed-in people reach the routes and pages below it.
// topics: [routing, middleware, authentication]
// relatedDocs: /docs/routing#middleware-files-_middlewarets
// ---
// app/routes/billing/_middleware.ts - applies to every route in billing/ and below.
import { defineMiddleware } from '@kit/kit-core';

export default defineMiddleware({
  name: 'billing-humans-only',
  handler: async ({ ctx, next }) => {
    if (ctx.authType === 'human') return next();
    return Response.json(
      {
        type: 'about:blank',
        title: 'Forbidden',
        status: 403,
        detail:
          ctx.authType === 'agent'
            ? 'Billing is only available to signed-in people; agents cannot use these routes.'
            : 'Sign in to view billing.',
      },
      { status: 403, headers: { 'content-type': 'application/problem+json' } },
    );
  },
});
