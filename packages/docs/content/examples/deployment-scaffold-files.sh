# ---
# title: Adding routes, pages, models and policies with kit add
# description: Uses the four kit add generators to scaffold an API route, a page, a data model and a policy for one feature, then runs the verification cascade.
# topics: [deployment, defineModel]
# relatedDocs: /docs/cli-reference#kit-add
# ---
#!/usr/bin/env sh
set -eu

# Each generator takes a name and writes a new file that follows the project's conventions.
npx kit add api invoices       # a *.api.ts route built on defineAPI
npx kit add page invoices      # a *.page.tsx page
npx kit add model invoice      # a defineModel data model
npx kit add policy invoice-owner  # a definePolicy policy

# A new model changes the schema: generate its migration and check the status.
npx kit db:migrate
npx kit db:status

npx kit verify
