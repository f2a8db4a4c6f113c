# ---
# title: The migration workflow with kit db:migrate, db:status and db:push
# description: After changing a model, generates a migration, shows the migration status, commits the migration for review and applies pending migrations to the configured database.
# topics: [database, defineModel, deployment]
# relatedDocs: /docs/database#migrations
# ---
#!/usr/bin/env sh
set -eu

# 1. You edited a defineModel() declaration, e.g. added a field to src/models/ticket.model.ts.
#    Generate a migration from the change; nothing is applied yet.
npx kit db:migrate

# 2. See what is applied and what is pending.
npx kit db:status

# 3. Review the generated migrations/NNNN_<name>.sql and commit it with its snapshot in migrations/meta/.
#    A removed or renamed field is refused unless the rename is declared or data loss allowed.
git add -A
git commit -m "Add due date to tickets"

# 4. Apply the pending migrations to the database the project is configured for.
#    Run the same step against staging and production before starting the new version.
npx kit db:push
npx kit db:status
