import {
  TestRunner,
  type RunnerTask,
  type RunnerTaskResult,
  type RunnerTestFile,
  type RunnerTestSuite,
  type VitestTestRunner,
} from 'vitest';
import { setCurrentTestFile } from './missing-tools.js';

/**
 * Vitest's own test runner (the `runner` of vitest.config.ts) with additions for tests that need a
 * program the machine may lack (see missing-tools.ts):
 * - it tells missing-tools.ts which test file runs, so that a skip is recorded against its file;
 * - a suite whose setup (`beforeAll`) failed with a `MissingToolError` is reported skipped instead of
 *   failed, with the error's message as the reason of each of its tests. Vitest has already marked
 *   those tests skipped, none of them ran; errors after that one come from tearing down what never started;
 * - likewise a test that failed because it started a missing program itself.
 *
 * A test that checks for its program first (`describe.skipIf(!hasRedisServer())`) needs none of this; it
 * is for suites that call `startRedis()` (or `startPostgres()`, `startMariadb()`) without checking.
 */
export default class KitTestRunner extends TestRunner {
  // Set by vitest on every runner (it reports task results to the main process); TestRunner does not declare it.
  declare onTaskUpdate: VitestTestRunner['onTaskUpdate'];

  override onCollectStart(file: RunnerTestFile): void {
    setCurrentTestFile(file.filepath);
    super.onCollectStart(file);
  }

  override onAfterRunTask(test: RunnerTask): void {
    skipTestIfToolMissing(test);
    super.onAfterRunTask(test);
  }

  override async onAfterRunSuite(suite: RunnerTestSuite): Promise<void> {
    const skipped = skipIfToolMissing(suite);
    // The tests were reported skipped already, without a reason: report them again with it.
    if (skipped.length > 0)
      await this.onTaskUpdate?.(
        skipped.map((test) => [test.id, test.result, test.meta]),
        [],
      );
    await super.onAfterRunSuite(suite);
  }
}

/** Vitest keeps the reason of a skip in `note`, which its result type leaves out. */
type ResultWithNote = RunnerTaskResult & { note?: string };

/**
 * Turns a suite whose setup failed on a missing tool into a skipped one, and gives its tests the reason.
 * Returns those tests; leaves any other suite alone and returns nothing.
 */
export function skipIfToolMissing(suite: RunnerTestSuite): RunnerTask[] {
  const result = suite.result;
  const first = result?.errors?.[0];
  if (result?.state !== 'fail' || first?.name !== 'MissingToolError') return [];
  const tests = testsOf(suite);
  // Only when no test of the suite ran: the error came from its setup, not from one of its tests.
  if (!tests.every((test) => test.mode === 'skip' && test.result?.state === 'skip')) return [];
  result.state = 'skip';
  (result as ResultWithNote).note = first.message;
  result.errors = undefined;
  for (const test of tests) if (test.result) (test.result as ResultWithNote).note = first.message;
  return tests;
}

/** Turns a test that failed first on a missing tool into a skipped one, with the reason. */
export function skipTestIfToolMissing(test: RunnerTask): void {
  const result = test.result;
  const first = result?.errors?.[0];
  if (test.type !== 'test' || result?.state !== 'fail' || first?.name !== 'MissingToolError') return;
  result.state = 'skip';
  (result as ResultWithNote).note = first.message;
  result.errors = undefined;
}

function testsOf(suite: RunnerTestSuite): RunnerTask[] {
  return suite.tasks.flatMap((task) => (task.type === 'suite' ? testsOf(task) : [task]));
}
