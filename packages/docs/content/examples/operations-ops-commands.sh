# ---
# title: Inspecting the semantic ops store from the command line
# description: An on-call routine with the four kit ops commands - a health verdict first, then incidents and recent events, and a live tail while reproducing the problem.
# topics: [operations, deployment]
# relatedDocs: /docs/operations-and-jobs#inspecting-operations-with-kit-ops-commands
# ---
#!/usr/bin/env sh
set -eu

# 1. A quick verdict from the ops store (kit-ops keeps events, incidents and snapshots in SQLite).
npx kit ops:health

# 2. What is wrong: the incidents recorded so far.
npx kit ops:incidents

# 3. What happened: the recorded events, to find what led up to an incident.
npx kit ops:events

# 4. Follow new entries live while you reproduce the problem; stop with Ctrl-C.
npx kit ops:tail
