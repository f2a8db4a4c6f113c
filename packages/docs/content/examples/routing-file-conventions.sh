# ---
# title: A route tree that uses every file convention
# description: Creates the files of a small helpdesk route tree under app/routes - API routes, pages, a root and a nested layout, middleware, loading and error states and a not-found page - then starts the dev server to see them discovered.
# topics: [routing, react, middleware]
# relatedDocs: /docs/routing#route-file-conventions
# ---
#!/usr/bin/env sh
set -eu

# Route files live under app/routes; folders are URL segments, (group) folders add none,
# [id] is a dynamic segment and a file named index stands for its folder.
mkdir -p app/routes/api/tickets app/routes/tickets app/routes/admin

touch app/routes/_layout.tsx              # root layout: header and <Outlet /> for every page
touch app/routes/_middleware.ts           # root middleware: every request, outermost
touch app/routes/not-found.tsx            # shown for URLs nothing serves (no leading underscore)
touch app/routes/index.page.tsx           # page: /
touch app/routes/api/tickets/index.api.ts # API route: GET/POST /api/tickets (defineAPI exports)
touch app/routes/api/tickets/[id].api.ts  # API route: /api/tickets/:id
touch app/routes/tickets/index.page.tsx   # page: /tickets, reads its loader data with useLoaderData<T>()
touch app/routes/tickets/[id].page.tsx    # page: /tickets/:id
touch app/routes/tickets/_loading.tsx     # shown while a tickets page's loader runs (the shell streams first)
touch app/routes/tickets/_error.tsx       # shown in place of a tickets page that fails
touch app/routes/admin/_layout.tsx        # nested layout, rendered inside the root layout
touch app/routes/admin/_middleware.ts     # middleware for routes and not-found pages under /admin only
touch app/routes/admin/users.page.tsx     # page: /admin/users

# Any other file (schemas, helpers) is ignored by the router, so it can sit beside the routes.
touch app/routes/api/tickets/schemas.ts

# Empty files do not load yet: fill them in (kit add api|page writes working ones), then run the
# dev server. It scans the tree, logs the files it cannot use (unknown_convention, route_conflict)
# and rebuilds as you edit.
npx kit dev
