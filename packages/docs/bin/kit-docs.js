#!/usr/bin/env node
// Entry of the `kit-docs` program: runs the compiled CLI (built by `npm install`).
import '../dist/cli/main.js';
