# ---
# title: Verifying, building and starting in production
# description: A release script that stops at the first failure - it runs the verification cascade with kit verify, builds with kit build, applies pending migrations with kit db:push and starts the production server with kit start.
# topics: [deployment, database]
# relatedDocs: /docs/deployment#a-release-step-by-step
# ---
#!/usr/bin/env sh
set -eu

# The 8-step verification cascade (structure, routes, types, load, migrations, policies, contract,
# tests). It exits 1 when a step fails, so set -e stops the release here.
npx kit verify

# Production build into .kit/build/: server bundle, hashed browser files, stylesheet, manifest.json.
npx kit build

# Apply migrations that are not yet in the database before new code serves traffic.
# (kit db:status --check exits 1 while anything is pending, for a gate in CI.)
npx kit db:status
npx kit db:push

# Settings reach the application as environment variables; code reads them with env(key),
# which returns an empty string for an unset variable. kit start listens on HOST and PORT
# (default 127.0.0.1:3000); 0.0.0.0 accepts connections from outside a container.
export NODE_ENV=production
export HOST="${HOST:-0.0.0.0}"
export PORT="${PORT:-3000}"

# Serves .kit/build until SIGTERM, letting open requests finish; exits 3 when there is no build.
exec npx kit start
