# ---
# title: Inspecting the semantic ops store from the command line
# description: An on-call routine with the four kit ops commands - a health verdict first, then incidents and recent events, and a live tail while reproducing the problem.
# topics: [operations, deployment]
# relatedDocs: /docs/operations-and-jobs#inspecting-operations-with-kit-ops-commands
# ---
#!/usr/bin/env sh
set -eu

# The store: --store <file>, else KIT_OPS_STORE, else .kit/ops.sqlite in the app (exit 3 when absent).
# The commands only read it; they never prune it.
export KIT_OPS_STORE="${KIT_OPS_STORE:-.kit/ops.sqlite}"

# 1. A quick verdict: the latest snapshot per component and the worst status. It exits 1 when one is
#    degraded or down, so keep going with "|| true" to see the rest.
npx kit ops:health || true

# 2. What is wrong: the incidents, newest first (--open for open ones only; --open --check exits 1
#    while one is open, for monitoring).
npx kit ops:incidents

# 3. What happened: the latest 50 events, newest first. Narrow them with --kind error, --since 1h,
#    --subject "GET /api/search" or --correlation <id> to follow one request; --json for scripts.
npx kit ops:events

# 4. Follow new events live while you reproduce the problem; stop with Ctrl-C (exit 0).
npx kit ops:tail
