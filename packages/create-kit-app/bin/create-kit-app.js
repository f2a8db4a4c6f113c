#!/usr/bin/env node
// Entry of the `create-kit-app` program: the compiled CLI (built by `npm run build` / `tsc -b packages/create-kit-app`).
import '../dist/cli.js';
