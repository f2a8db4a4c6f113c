/**
 * Programs some tests need that a machine may lack: the servers the tests start and the browser they
 * drive. A test that needs one skips without it, and says why; this module keeps a record of those
 * skips across vitest's worker processes, so that a run ends with one line naming what to install.
 *
 * How the pieces fit:
 * - `missing-tools-setup.ts` (vitest `globalSetup`) makes a folder for the record, names it in
 *   `KIT_TEST_MISSING_TOOLS` for the workers, and prints the line when the run ends;
 * - the checks (`hasRedisServer`, `hasPostgresServer`, `hasMariadbServer`, `browserAvailable`) and the
 *   starters (`startRedis`, ...) call `noteMissingTool` when the program is not there;
 * - `test-runner.ts` (vitest `runner`) tells this module which test file is running, and reports a suite
 *   whose setup failed with a `MissingToolError` as skipped rather than failed.
 *
 * Outside a vitest run (a benchmark script calling `hasPostgresServer`), nothing is recorded.
 */
import { appendFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Each program the tests check for, with the Debian package that installs it. */
export const testTools = {
  'redis-server': 'redis-server',
  postgresql: 'postgresql',
  mariadb: 'mariadb-server',
  chromium: 'chromium',
} as const;

export type TestTool = keyof typeof testTools;

/**
 * The settings of vitest.config.ts that make this work, relative to the repository root: the global setup
 * that keeps the record and prints the line, and the runner that skips suites whose setup found a program
 * missing.
 */
export const missingToolsSettings = {
  globalSetup: ['./test-support/missing-tools-setup.ts'],
  runner: './test-support/test-runner.ts',
};

/** The environment variable naming the record folder of the current run. */
export const missingToolsVariable = 'KIT_TEST_MISSING_TOOLS';

const currentFileKey = Symbol.for('kit.test-support.current-test-file');

/** Called by the test runner when it starts collecting a test file, so records say which file it was. */
export function setCurrentTestFile(path: string | undefined): void {
  (globalThis as Record<symbol, unknown>)[currentFileKey] = path;
}

function currentTestFile(): string {
  const path = (globalThis as Record<symbol, unknown>)[currentFileKey];
  return typeof path === 'string' ? path : '';
}

/** Records that the running test file skips tests because `tool` is not installed. */
export function noteMissingTool(tool: TestTool): void {
  const folder = process.env[missingToolsVariable];
  if (!folder || !existsSync(folder)) return;
  // One file per process, appended line by line: workers never write to the same file.
  appendFileSync(join(folder, `${process.pid}.tsv`), `${tool}\t${currentTestFile()}\n`);
}

/**
 * Thrown by a starter (`startRedis`, `startPostgres`, `startMariadb`) when its program is not installed.
 * The test runner reports the suite whose setup threw it as skipped, with this message as the reason.
 */
export class MissingToolError extends Error {
  override readonly name = 'MissingToolError';
  constructor(
    readonly tool: TestTool,
    detail = '',
  ) {
    super(`${tool} is not installed${detail === '' ? '' : ` (${detail})`}: apt-get install -y ${testTools[tool]}`);
  }
}

/** Records the missing tool and returns the error a starter throws. */
export function missingTool(tool: TestTool, detail?: string): MissingToolError {
  noteMissingTool(tool);
  return new MissingToolError(tool, detail);
}

/** Reads the record folder: for each missing tool, the test files that skipped tests for it. */
export function readMissingTools(folder: string): Map<TestTool, Set<string>> {
  const missing = new Map<TestTool, Set<string>>();
  for (const name of readdirSync(folder)) {
    for (const line of readFileSync(join(folder, name), 'utf8').split('\n')) {
      const [tool, file = ''] = line.split('\t');
      if (tool === undefined || !(tool in testTools)) continue;
      const files = missing.get(tool as TestTool) ?? new Set<string>();
      files.add(file);
      missing.set(tool as TestTool, files);
    }
  }
  return missing;
}

/**
 * The line a run ends with when tests were skipped for missing tools, or `undefined` when none were:
 * `Skipped because not installed: redis-server (6 files), chromium (5 files): apt-get install -y redis-server chromium`.
 */
export function missingToolsLine(missing: ReadonlyMap<TestTool, ReadonlySet<string>>): string | undefined {
  const tools = (Object.keys(testTools) as TestTool[]).filter((tool) => (missing.get(tool)?.size ?? 0) > 0);
  if (tools.length === 0) return undefined;
  const counts = tools.map((tool) => {
    const files = missing.get(tool)!.size;
    return `${tool} (${files} ${files === 1 ? 'file' : 'files'})`;
  });
  return `Skipped because not installed: ${counts.join(', ')}: apt-get install -y ${tools.map((tool) => testTools[tool]).join(' ')}`;
}
