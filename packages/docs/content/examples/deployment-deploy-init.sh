# ---
# title: Generating deployment files with kit deploy:init
# description: Wraps kit deploy:init --target in a script that takes the target as an argument and shows which files the command generated, so they can be reviewed and committed.
# topics: [deployment]
# relatedDocs: /docs/deployment#kit-deployinit
# ---
#!/usr/bin/env sh
set -eu

# The name of the hosting target is passed through unchanged; `kit deploy:init` knows which
# targets it supports and rejects any other.
target="${1:?usage: deploy-init.sh <target>}"

npx kit deploy:init --target "$target"

# The generated files are ordinary project files: review them and commit them.
git status --short
