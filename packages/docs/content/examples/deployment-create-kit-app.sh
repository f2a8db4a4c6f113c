# ---
# title: Scaffolding a new project with create-kit-app
# description: Creates a project with the create-kit-app scaffolder, installs it and starts the development server; the scaffolder offers the blank and tickets templates and writes an AGENTS.md file for AI coding agents.
# topics: [deployment]
# relatedDocs: /docs/deployment#create-kit-app
# ---
#!/usr/bin/env sh
set -eu

# create-kit-app offers two templates: "blank" (a minimal project) and "tickets" (a fuller
# ticket-tracking app to learn from). Choose one when the scaffolder offers them.
npx create-kit-app my-app

cd my-app
npm install

# AGENTS.md describes the project's conventions for AI coding agents; read it before editing.
test -f AGENTS.md && head -n 20 AGENTS.md

# Development server with hot reload.
npx kit dev
