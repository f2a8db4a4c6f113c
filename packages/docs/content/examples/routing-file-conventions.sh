# ---
# title: A route tree that uses every file convention
# description: Creates the files of a small helpdesk route tree - API routes, pages, a root and a nested layout, middleware, loading and error states and a not-found page - then starts the dev server to see them discovered.
# topics: [routing, react, middleware]
# relatedDocs: /docs/routing#route-file-conventions
# ---
#!/usr/bin/env sh
set -eu

# The routes live under src/routes in this project. The exact rules that turn a path into a URL
# (dynamic segments included) are in your version's router; run the dev server to see the result.
mkdir -p src/routes/api src/routes/tickets src/routes/admin

touch src/routes/_layout.tsx            # root layout: header and <Outlet /> for every page
touch src/routes/not-found.tsx          # shown when a request matches no route (no leading underscore)
touch src/routes/api/tickets.api.ts     # API route: exports a defineAPI() definition
touch src/routes/tickets.page.tsx       # page: reads its loader data with useLoaderData<T>()
touch src/routes/tickets/_loading.tsx   # skeleton while a tickets page streams in
touch src/routes/tickets/_error.tsx     # shown in place of a tickets page that fails
touch src/routes/admin/_layout.tsx      # nested layout, rendered inside the root layout
touch src/routes/admin/_middleware.ts   # middleware for every route under admin/
touch src/routes/admin/users.page.tsx

# Any other file (schemas, helpers) is ignored by the router, so it can sit beside the routes.
touch src/routes/api/ticket-schemas.ts

# The dev server scans the tree, reports files it cannot use, and reloads routes as you edit.
npx kit dev
