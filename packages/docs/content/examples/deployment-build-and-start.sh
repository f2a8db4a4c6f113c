# ---
# title: Verifying, building and starting in production
# description: A release script that stops at the first failure - it runs the verification cascade with kit verify, builds with kit build, applies pending migrations with kit db:push and starts the production server with kit start.
# topics: [deployment, database]
# relatedDocs: /docs/deployment#a-release-step-by-step
# ---
#!/usr/bin/env sh
set -eu

# The 8-step verification cascade. With set -e, any command that fails stops the script.
npx kit verify

# Production build.
npx kit build

# Apply migrations that are not yet in the database before new code serves traffic.
npx kit db:status
npx kit db:push

# Settings reach the application as environment variables; code reads them with env(key),
# which returns an empty string for an unset variable.
export NODE_ENV=production
exec npx kit start
