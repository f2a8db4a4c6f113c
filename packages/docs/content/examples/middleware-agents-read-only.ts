// ---
// title: Keeping agents to read-only methods
// description: A middleware that refuses with a 403 problem document when an agent sends anything but GET or HEAD to the admin area, and lets every other request through.
// topics: [middleware, authentication]
// relatedDocs: /docs/routing#middleware
// ---
import { defineMiddleware, KitError } from '@kit/kit-core';

const READ_METHODS = new Set(['GET', 'HEAD']);

export default defineMiddleware({
  name: 'agents-read-only-admin',
  handler: async ({ request, ctx, next }) => {
    const path = new URL(request.url).pathname;
    const isAdminArea = path === '/api/admin' || path.startsWith('/api/admin/');
    // ctx.authType is already resolved: authentication runs before every other middleware.
    if (ctx.authType === 'agent' && isAdminArea && !READ_METHODS.has(request.method)) {
      // Throwing instead of calling next(): the route handler never runs, and the app answers
      // 403 application/problem+json with type /problems/forbidden and this detail.
      throw new KitError('forbidden', `Agents may only read ${path}; ask a human operator to make this change.`);
    }
    return next();
  },
});
