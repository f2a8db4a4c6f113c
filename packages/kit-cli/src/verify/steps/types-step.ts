import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { count } from '../../cli/table.js';
import { runNode } from '../run-process.js';
import type { VerifyStep } from '../verify-app.js';
import { error, outcome, pass } from '../verify-types.js';

/** The TypeScript compiler: the app's own version, else the one kit depends on. */
function tscPath(root: string): string {
  for (const from of [join(root, 'package.json'), import.meta.url]) {
    try {
      return join(dirname(createRequire(from).resolve('typescript/package.json')), 'bin', 'tsc');
    } catch {
      // Try the next place.
    }
  }
  throw new Error('the TypeScript compiler is not installed; run npm install');
}

const diagnosticLine = /^(.+?)\((\d+),(\d+)\): error (TS\d+): (.*)$/;

/** `tsc --pretty false` output: one problem per diagnostic, its continuation lines joined. */
export function parseTscOutput(output: string) {
  const problems: ReturnType<typeof error>[] = [];
  let current: { file: string; line: number; column: number; code: string; message: string } | null = null;
  const flush = () => {
    if (current)
      problems.push(
        error(`${current.message} (${current.code})`, 'correct the type error at this line', {
          file: current.file,
          line: current.line,
          column: current.column,
        }),
      );
    current = null;
  };
  for (const text of output.split(/\r?\n/)) {
    const match = diagnosticLine.exec(text);
    if (match) {
      flush();
      current = {
        file: match[1] as string,
        line: Number(match[2]),
        column: Number(match[3]),
        code: match[4] as string,
        message: match[5] as string,
      };
    } else if (current && /^\s+\S/.test(text)) current.message += ` ${text.trim()}`;
    else if (text.startsWith('error TS')) {
      flush();
      problems.push(error(text.replace(/^error /, ''), 'fix tsconfig.json', { file: 'tsconfig.json' }));
    }
  }
  flush();
  return problems;
}

/** Step 3: `tsc --noEmit -p <root>` (incremental): every type error, with its file and line. */
export const typesStep: VerifyStep = {
  name: 'types',
  title: 'Type-check',
  async run(app) {
    // Incremental: a second kit verify re-checks only what changed (the state lives in .kit/, kit's own folder).
    const buildInfo = join(app.root, '.kit', 'tsc', 'verify.tsbuildinfo');
    const args = ['--noEmit', '--pretty', 'false', '--incremental', '--tsBuildInfoFile', buildInfo, '-p', app.root];
    const result = await runNode(tscPath(app.root), args, app.root, app.env);
    if (result.code === 0) return pass('tsc --noEmit found no type errors');
    const problems = parseTscOutput(result.output);
    if (problems.length === 0) {
      problems.push(
        error(
          `tsc exited with code ${result.code}: ${result.output.trim().split('\n').slice(-5).join(' ') || 'no output'}`,
          'run npx tsc --noEmit -p . in the app to see why',
        ),
      );
    }
    return outcome(`tsc --noEmit found ${count(problems.length, 'type error')}`, problems);
  },
};
