import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { MissingToolError, missingToolsLine, readMissingTools, type TestTool } from '../test-support/missing-tools.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const scratch = mkdtempSync(join(tmpdir(), 'kit-missing-tools-test-'));

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

describe('the line that ends a run', () => {
  it('is nothing when no program was missing', () => {
    expect(missingToolsLine(new Map())).toBeUndefined();
    expect(missingToolsLine(new Map([['redis-server', new Set<string>()]]))).toBeUndefined();
  });

  it('names each missing program with its count of files, then the apt-get line, in a fixed order', () => {
    const missing = new Map<TestTool, Set<string>>([
      ['chromium', new Set(['a.test.ts'])],
      ['redis-server', new Set(['b.test.ts', 'c.test.ts'])],
      ['mariadb', new Set(['d.test.ts'])],
    ]);
    expect(missingToolsLine(missing)).toBe(
      'Skipped because not installed: redis-server (2 files), mariadb (1 file), chromium (1 file): apt-get install -y redis-server mariadb-server chromium',
    );
  });

  it('counts a file once however many times it checked, across the records of all worker processes', () => {
    const folder = join(scratch, 'records');
    mkdirSync(folder);
    writeFileSync(join(folder, '101.tsv'), 'redis-server\t/x/a.test.ts\nredis-server\t/x/a.test.ts\npostgresql\t/x/a.test.ts\n');
    writeFileSync(join(folder, '102.tsv'), 'redis-server\t/x/b.test.ts\nnot-a-tool\t/x/c.test.ts\n\n');
    const missing = readMissingTools(folder);
    expect([...missing.keys()].sort()).toEqual(['postgresql', 'redis-server']);
    expect([...missing.get('redis-server')!].sort()).toEqual(['/x/a.test.ts', '/x/b.test.ts']);
  });

  it('gives the starters an error that names the program and how to install it', () => {
    const error = new MissingToolError('postgresql', 'no /usr/lib/postgresql/<version>/bin/postgres');
    expect(error.name).toBe('MissingToolError');
    expect(error.message).toBe(
      'postgresql is not installed (no /usr/lib/postgresql/<version>/bin/postgres): apt-get install -y postgresql',
    );
  });
});

interface Run {
  readonly code: number | null;
  readonly output: string;
  readonly report: { testResults: { name: string; status: string; assertionResults: { title: string; status: string }[] }[] };
}

const vitestCli = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json', { paths: [repoRoot] })), 'vitest.mjs');

/** Runs vitest with the suite's configuration on some fixtures, in a child process, with programs hidden. */
function runFixtures(name: string, files: readonly string[]): Promise<Run> {
  const reportPath = join(scratch, `${name}.json`);
  const args = [
    vitestCli,
    'run',
    '--config',
    'test/fixtures/missing-tools/vitest.config.ts',
    '--reporter=json',
    `--outputFile=${reportPath}`,
    ...files.map((file) => `test/fixtures/missing-tools/${file}`),
  ];
  const emptyBin = join(scratch, `${name}-bin`);
  mkdirSync(emptyBin);
  // No redis-server on the PATH (node itself is started by its path), and no Chromium where the tests look.
  const env = { ...process.env, PATH: emptyBin, CHROMIUM_PATH: join(scratch, 'no-chromium'), CI: '', FORCE_COLOR: '0' };
  const child = spawn(process.execPath, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  return new Promise((resolvePromise, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      try {
        resolvePromise({ code, output, report: JSON.parse(readFileSync(reportPath, 'utf8')) as Run['report'] });
      } catch (error) {
        reject(new Error(`vitest wrote no report (exit ${code}):\n${output}`, { cause: error }));
      }
    });
  });
}

function fileResult(run: Run, file: string): Run['report']['testResults'][number] | undefined {
  return run.report.testResults.find((entry) => entry.name.endsWith(file));
}

function statuses(run: Run, file: string): Record<string, string> {
  return Object.fromEntries((fileResult(run, file)?.assertionResults ?? []).map((test) => [test.title, test.status]));
}

describe('a run of the suite where programs are missing', () => {
  it('skips what needs them, keeps real failures, and ends with the line that says what to install', { timeout: 60_000 }, async () => {
    const run = await runFixtures('missing', ['needs-redis.fixture.ts', 'needs-chromium.fixture.ts', 'broken-setup.fixture.ts']);
    expect(statuses(run, 'needs-redis.fixture.ts')).toEqual({ runs: 'passed', 'uses it': 'skipped', 'starts and stops it': 'skipped' });
    expect(statuses(run, 'needs-chromium.fixture.ts')).toEqual({ 'would launch it': 'skipped' });
    // A setup failing for another reason is no skip: the run fails.
    expect(statuses(run, 'broken-setup.fixture.ts')).toEqual({ 'never runs': 'skipped' });
    expect(fileResult(run, 'broken-setup.fixture.ts')?.status).toBe('failed');
    expect(fileResult(run, 'needs-redis.fixture.ts')?.status).toBe('passed');
    expect(run.code).toBe(1);
    expect(run.output).toContain(
      'Skipped because not installed: redis-server (1 file), chromium (1 file): apt-get install -y redis-server chromium',
    );
  });

  it('prints nothing of the kind when nothing is missing', { timeout: 60_000 }, async () => {
    const run = await runFixtures('complete', ['plain.fixture.ts']);
    expect(statuses(run, 'plain.fixture.ts')).toEqual({ 'needs nothing': 'passed' });
    expect(run.code).toBe(0);
    expect(run.output).not.toContain('Skipped because not installed');
  });
});
