# ---
# title: A route tree that uses every file convention
# description: Adds the files of a small helpdesk route tree under app/routes of a new app - API routes and pages written by kit add, a (group) folder, a nested layout, folder middleware, loading and error views and a helper beside the routes - then starts the dev server, which serves them all.
# topics: [routing, react, middleware]
# relatedDocs: /docs/routing#route-file-conventions
# ---
#!/usr/bin/env sh
set -eu

# Route files live under app/routes: folders are URL segments, a (group) folder adds none, [id] is a
# dynamic segment and a file named index stands for its folder. kit add writes files that work at once
# (run in a new app: create-kit-app's blank template has the root layout, / and not-found.tsx).
npx kit add api tickets                 # app/routes/api/tickets.api.ts: GET /api/tickets
npx kit add api 'tickets/[id]'          # app/routes/api/tickets/[id].api.ts: GET /api/tickets/:id
npx kit add page 'tickets/index'        # app/routes/tickets/index.page.tsx: the page /tickets
npx kit add page 'tickets/[id]'         # app/routes/tickets/[id].page.tsx: the page /tickets/:id
npx kit add page 'admin/users'          # app/routes/admin/users.page.tsx: /admin/users
npx kit add page '(marketing)/pricing'  # app/routes/(marketing)/pricing.page.tsx: /pricing

# Special files apply to their folder and below: a loading view (streamed while a loader runs), an error
# view, a nested layout (inside the root one) and middleware for /admin only.
cat > app/routes/tickets/_loading.tsx <<'TSX'
export default function TicketsLoading() {
  return <p role="status">Loading tickets...</p>;
}
TSX
cat > app/routes/tickets/_error.tsx <<'TSX'
import type { ErrorPageProps } from '@kit/kit-react';

export default function TicketsError({ error }: ErrorPageProps) {
  return <p role="alert">The tickets could not be shown: {error.message}</p>;
}
TSX
cat > app/routes/admin/_layout.tsx <<'TSX'
import { Outlet } from '@kit/kit-react';

export default function AdminLayout() {
  return (
    <section aria-label="Administration">
      <Outlet />
    </section>
  );
}
TSX
cat > app/routes/admin/_middleware.ts <<'TS'
import { defineMiddleware } from '@kit/kit-core';

// Runs for every request under /admin, inside the root middleware.
export default defineMiddleware(async ({ next }) => {
  const response = await next();
  response.headers.set('Cache-Control', 'no-store');
  return response;
});
TS

# Any other file (schemas, helpers, components) is ignored by the router, so it can sit beside the routes.
cat > app/routes/api/ticket-id.ts <<'TS'
export const ticketIdPattern = /^[0-9]+$/;
TS

# The dev server scans the tree (a file it cannot use is reported with its fix), serves every route
# and rebuilds as you edit.
npx kit dev
