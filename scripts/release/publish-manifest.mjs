#!/usr/bin/env node
// Runs as a package's `prepack` and `postpack` script, in the package's folder.
//
// In the repository every export carries a `kit-source` condition that points at the TypeScript
// sources, so the tests and the benchmarks run without a build in between. A published package ships
// only `dist/`, so `prepack` writes the manifest as it is published (without that condition and without
// these two scripts) and keeps the repository's own beside it; `postpack` puts the repository's back.
// npm reads the manifest again after `prepack`, so the registry gets the published one.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

const manifestPath = 'package.json';
const keptPath = 'package.json.repository';
const sourceCondition = 'kit-source';

/** An export target without the source condition, at any depth of nested conditions. */
function withoutSourceCondition(target) {
  if (target === null || typeof target !== 'object') return target;
  const kept = {};
  for (const [condition, value] of Object.entries(target)) {
    if (condition !== sourceCondition) kept[condition] = withoutSourceCondition(value);
  }
  return kept;
}

/** The manifest without the source condition and without the pack scripts. */
export function publishedManifest(manifest) {
  const published = structuredClone(manifest);
  if (published.exports) published.exports = withoutSourceCondition(published.exports);
  if (published.scripts) {
    delete published.scripts.prepack;
    delete published.scripts.postpack;
    if (Object.keys(published.scripts).length === 0) delete published.scripts;
  }
  return published;
}

function prepack() {
  // A pack that was interrupted left the repository's manifest aside: restore it before starting again.
  if (existsSync(keptPath)) renameSync(keptPath, manifestPath);
  const text = readFileSync(manifestPath, 'utf8');
  renameSync(manifestPath, keptPath);
  writeFileSync(manifestPath, `${JSON.stringify(publishedManifest(JSON.parse(text)), null, 2)}\n`);
}

function postpack() {
  if (existsSync(keptPath)) renameSync(keptPath, manifestPath);
}

const step = process.argv[2];
if (step === 'prepack') prepack();
else if (step === 'postpack') postpack();
else if (step !== undefined) {
  console.error(`publish-manifest: unknown step "${step}"; run it as "prepack" or "postpack" from a package's scripts.`);
  process.exit(2);
}
