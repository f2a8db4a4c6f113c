#!/usr/bin/env node
// Entry of the `kit` program: the compiled CLI (built by `npm run build` / `tsc -b packages/kit-cli`).
import '../dist/cli.js';
