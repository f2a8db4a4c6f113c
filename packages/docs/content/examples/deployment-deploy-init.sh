# ---
# title: Generating deployment files with kit deploy:init
# description: Wraps kit deploy:init --target in a script that takes the target (docker, kubernetes or fly) as an argument and shows which files the command generated, so they can be reviewed and committed.
# topics: [deployment]
# relatedDocs: /docs/deployment#kit-deployinit
# ---
#!/usr/bin/env sh
set -eu

# docker:     Dockerfile and .dockerignore
# kubernetes: deploy/kubernetes/{deployment,service,pdb,kustomization}.yaml, plus the Dockerfile when missing
# fly:        fly.toml, plus the Dockerfile when missing
# Any other value is a usage error (exit 2) that lists the targets. Other options: --name, --port,
# --health-path (default /_kit/health), --image and --replicas (kubernetes), --region (fly), --force.
target="${1:?usage: deploy-init.sh docker|kubernetes|fly}"

# An existing file of the target stops the run with exit 1 and nothing written (--force overwrites).
npx kit deploy:init --target "$target"

# The generated files are ordinary project files: review them and commit them.
git status --short
