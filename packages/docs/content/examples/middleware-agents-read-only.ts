// ---
// title: Keeping agents to read-only methods
// description: A middleware that answers 403 with a problem-details body when an agent sends anything but GET or HEAD to the admin area, and lets every other request through.
// topics: [middleware, authentication]
// relatedDocs: /docs/routing#middleware
// ---
import { defineMiddleware } from '@kit/kit-core';

const READ_METHODS = new Set(['GET', 'HEAD']);

export default defineMiddleware({
  name: 'agents-read-only-admin',
  handler: async ({ request, ctx, next }) => {
    const path = new URL(request.url).pathname;
    const isAdminArea = path === '/api/admin' || path.startsWith('/api/admin/');
    if (ctx.authType === 'agent' && isAdminArea && !READ_METHODS.has(request.method)) {
      // Answer without calling next(): the route handler never runs.
      return Response.json(
        {
          type: 'about:blank',
          title: 'Forbidden',
          status: 403,
          detail: `Agents may only read ${path}; ask a human operator to make this change.`,
        },
        { status: 403, headers: { 'content-type': 'application/problem+json' } },
      );
    }
    return next();
  },
});
