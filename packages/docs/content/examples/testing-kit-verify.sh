# ---
# title: Running the verification cascade in continuous integration
# description: A CI step that installs dependencies, runs kit verify (the 8-step verification cascade) and then the project's own tests, failing the build at the first error.
# topics: [testing, deployment]
# relatedDocs: /docs/testing#verification-in-continuous-integration
# ---
#!/usr/bin/env sh
set -eu

npm ci

# kit verify runs the framework's 8-step verification cascade over the project and fails
# when a step fails. Which checks the steps make is described in the testing guide.
npx kit verify

# Your own unit and integration tests, for example the vitest files beside your routes.
npx vitest run
