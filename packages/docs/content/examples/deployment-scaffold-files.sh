# ---
# title: Adding routes, pages, models and policies with kit add
# description: Uses the four kit add generators to scaffold an API route, a page, a data model and a policy for one feature, then generates the model's migration and runs the verification cascade.
# topics: [deployment, defineModel]
# relatedDocs: /docs/cli-reference#kit-add
# ---
#!/usr/bin/env sh
set -eu

# Each generator writes one new file and never overwrites an existing one (exit 1).
npx kit add api invoices          # app/routes/api/invoices.api.ts: GET /api/invoices with zod schemas
npx kit add page invoices         # app/routes/invoices.page.tsx: the /invoices page with its <title>
npx kit add model invoice         # app/models/invoice.ts: defineModel('invoice', { id, title, createdAt })
npx kit add policy invoice-owner  # app/policies/invoice-owner.ts: definePolicy({ key: 'invoice-owner', ... })

# List the policy in kit.config.ts (policies: [invoiceOwner]) before a route names it;
# kit verify warns about policy files that are not listed.

# A new model changes the schema: generate its migration and check the status. The database (and so
# the SQL dialect) is database of kit.config.ts, else DATABASE_URL.
export DATABASE_URL="${DATABASE_URL:-data/app.db}"
npx kit db:migrate
npx kit db:status

npx kit verify
