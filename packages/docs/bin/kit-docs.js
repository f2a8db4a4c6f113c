#!/usr/bin/env node
// Entry of the `kit-docs` program: runs the CLI bundled into one file by `npm install` (see
// scripts/bundle.mjs), which starts in about half the time of the separate compiled modules.
import '../dist/bundle/kit-docs.mjs';
