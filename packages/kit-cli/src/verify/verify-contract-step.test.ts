import { afterEach, describe, expect, it } from 'vitest';
import { createTempApp, runKit, type TempApp } from '../testing/temp-app.js';
import { failingTest, vagueRoute } from '../testing/verify-apps.js';
import type { VerifyReport } from './verify-types.js';

// tsc, esbuild and the app's own tests run for real: generous on a busy machine.
const slow = 120_000;

const apps: TempApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.remove()));
});

async function verify(files: Record<string, string>, prepare?: (app: TempApp) => Promise<void>): Promise<VerifyReport> {
  const app = await createTempApp(files);
  apps.push(app);
  await prepare?.(app);
  const result = await runKit(['verify', '--json', '--keep-going'], { cwd: app.root });
  expect(result.code).toBe(1);
  return JSON.parse(result.stdout) as VerifyReport;
}

describe('kit verify --keep-going on an app whose contract and tests fail', () => {
  it(
    'step 7: a route without a description or an output schema; step 8: a failing test',
    async () => {
      const report = await verify({ 'app/routes/api/vague.api.ts': vagueRoute, 'app/math.test.ts': failingTest });
      expect(report.failedStep).toBe(7);
      expect(report.steps.map((step) => step.status)).toEqual(['pass', 'pass', 'pass', 'pass', 'skip', 'pass', 'fail', 'fail']);
      expect(report.steps[6]?.problems).toEqual([
        {
          severity: 'error',
          file: 'app/routes/api/vague.api.ts',
          message: 'GET /api/vague has no description',
          fix: "add description: '...' to its defineAPI: agents choose tools by it",
        },
        {
          severity: 'error',
          file: 'app/routes/api/vague.api.ts',
          message: 'GET /api/vague has no output schema',
          fix: 'add output: z.strictObject({ ... }) describing what it returns',
        },
      ]);
      expect(report.steps[7]?.summary).toBe('vitest run failed (exit 1)');
      expect(report.steps[7]?.problems[0]?.message).toContain('subtracts');
    },
    slow,
  );
});
