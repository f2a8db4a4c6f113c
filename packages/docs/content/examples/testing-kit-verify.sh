# ---
# title: Running the verification cascade in continuous integration
# description: A CI step that installs dependencies, runs kit verify (the 8-step verification cascade, which also checks the models against the migrations and runs the project's vitest tests) and builds, failing the job at the first error.
# topics: [testing, deployment]
# relatedDocs: /docs/testing#verification-in-continuous-integration
# ---
#!/usr/bin/env sh
set -eu

npm ci

# kit verify runs eight steps over the app: structure, routes, types (tsc --noEmit), load (the app
# builds and every module imports), migrations (the models match migrations/), policies, contract
# (a valid /openapi.json, a description and schemas on every API route) and tests (vitest run, when
# the app has *.test.* files). It stops at the first failing step and exits 1; each problem is
# printed with its file, line and fix. kit verify --json prints the report for a CI annotation step,
# and --keep-going runs every step to show all problems at once.
npx kit verify

# The production build the deployment uses, from the same sources.
npx kit build
