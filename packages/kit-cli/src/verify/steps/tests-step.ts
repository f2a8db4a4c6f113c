import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { count } from '../../cli/table.js';
import { runNode } from '../run-process.js';
import type { VerifyStep } from '../verify-app.js';
import { error, outcome, pass, skip } from '../verify-types.js';

const skipped = new Set(['node_modules', '.kit', '.git', 'dist', 'coverage']);

/** The app's test files (`*.test.*`, `*.spec.*`), outside installed and built folders. */
export function testFiles(root: string, folder = root): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || skipped.has(entry.name)) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) found.push(...testFiles(root, path));
    else if (entry.isFile() && /\.(test|spec)\.(ts|tsx|mts|js|mjs|jsx)$/.test(entry.name)) found.push(relative(root, path));
  }
  return found.sort();
}

function vitestBin(root: string): string | null {
  try {
    return join(dirname(createRequire(join(root, 'package.json')).resolve('vitest/package.json')), 'vitest.mjs');
  } catch {
    return null;
  }
}

/** Step 8: the app's own tests pass: `vitest run` in the app, when it has test files. */
export const testsStep: VerifyStep = {
  name: 'tests',
  title: 'Tests',
  async run(app) {
    const files = testFiles(app.root);
    if (files.length === 0) return skip('no test files (*.test.ts) in the app');
    const bin = vitestBin(app.root);
    if (bin === null)
      return outcome('vitest is not installed', [
        error(`the app has ${count(files.length, 'test file')} but vitest does not resolve from it`, 'npm install --save-dev vitest', {
          file: 'package.json',
        }),
      ]);
    const result = await runNode(bin, ['run'], app.root, { ...app.env, CI: '1', FORCE_COLOR: undefined, NO_COLOR: '1' });
    if (result.code === 0) return pass(`vitest run passed (${count(files.length, 'test file')})`);
    const tail = result.output.trim().split('\n').slice(-25).join('\n');
    return outcome(`vitest run failed (exit ${result.code})`, [
      error(
        `the tests failed; the end of vitest's output:\n${tail}`,
        'run npx vitest run in the app, and fix the failing tests or the code they test',
      ),
    ]);
  },
};
