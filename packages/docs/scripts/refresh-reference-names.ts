// Regenerates packages/docs/test/corpus/reference-names.json, the corpus tests' copy of what the framework
// reference defines (its names with their kinds, defaults and lines, the names of each package, the kit
// commands), from the reference file named on the command line:
//
//   npx tsx packages/docs/scripts/refresh-reference-names.ts <path>/framework-library-reference.md
//   npx tsx packages/docs/scripts/refresh-reference-names.ts <path>/framework-library-reference.md --check
//
// The reference is kept outside this repository, and no test reads it: run this when it changes, look at
// the diff, and commit the data file with it. With --check nothing is written; the exit status is 1 when
// the data file differs from what the reference gives.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildReferenceData, formatReferenceData, referenceDataPath } from '../test/corpus/reference-data.js';

const args = process.argv.slice(2);
const check = args.includes('--check');
const [path, ...extra] = args.filter((arg) => arg !== '--check');

if (path === undefined || extra.length > 0) {
  console.error('usage: refresh-reference-names.ts <path to framework-library-reference.md> [--check]');
  process.exit(2);
}
const referencePath = resolve(path);
if (!existsSync(referencePath)) {
  console.error(`refresh-reference-names: no file at ${referencePath}`);
  process.exit(2);
}

const data = buildReferenceData(readFileSync(referencePath, 'utf8'), referencePath);
const text = formatReferenceData(data);
const current = existsSync(referenceDataPath) ? readFileSync(referenceDataPath, 'utf8') : '';
const summary = `${data.names.length} names, ${data.commands.length} commands, from ${referencePath}`;

if (check) {
  if (current === text) {
    console.log(`${referenceDataPath} is current (${summary})`);
  } else {
    console.error(`${referenceDataPath} differs from what the reference gives; run this script without --check`);
    process.exit(1);
  }
} else if (current === text) {
  console.log(`${referenceDataPath} is unchanged (${summary})`);
} else {
  writeFileSync(referenceDataPath, text);
  console.log(`wrote ${referenceDataPath} (${summary})`);
}
