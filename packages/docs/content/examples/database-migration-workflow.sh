# ---
# title: The migration workflow with kit db:migrate, db:status and db:push
# description: After changing a model, generates a migration, shows the migration status, commits the migration for review and applies pending migrations to the configured database.
# topics: [database, defineModel, deployment]
# relatedDocs: /docs/database#migrations
# ---
#!/usr/bin/env sh
set -eu

# The database: database of kit.config.ts, else DATABASE_URL (here a SQLite file, relative to the app).
export DATABASE_URL="${DATABASE_URL:-data/app.db}"

# 1. You edited a defineModel() declaration, e.g. added a dueAt field to app/models/ticket.ts.
#    Generate the next migration: migrations/NNNN_<name>.sql and migrations/meta/NNNN_snapshot.json.
#    Nothing touches the database yet. A removed or renamed field is refused (exit 1) unless the rename
#    is declared (kit db:migrate --rename ticket.title=ticket.subject) or data loss allowed
#    (--allow-data-loss); --name "add due date" names the file NNNN_add_due_date.sql.
npx kit db:migrate

# 2. See what is applied and what is pending: a STATUS / MIGRATION / APPLIED AT table. It only reads.
npx kit db:status

# 3. Review the generated SQL and commit it with its snapshot.
git add migrations
git commit -m "Add due date to tickets"

# 4. Apply the pending migrations, each in its own transaction; an applied file edited since stops
#    the run (exit 1). Run the same step against staging and production before starting the new version.
npx kit db:push
npx kit db:status
