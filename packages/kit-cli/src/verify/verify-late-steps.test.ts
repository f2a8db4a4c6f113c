import { afterEach, describe, expect, it } from 'vitest';
import { ticketModel, ticketWithDue } from '../testing/models.js';
import { createTempApp, runKit, type TempApp } from '../testing/temp-app.js';
import { guardedRoute } from '../testing/verify-apps.js';
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

describe('kit verify --keep-going on apps broken late in the cascade', () => {
  it(
    'step 5: models changed since the migration; step 6: a route names a policy the app lacks; step 7: so the app cannot start',
    async () => {
      const report = await verify(
        { 'app/models/ticket.ts': ticketModel, 'app/routes/api/close.api.ts': guardedRoute('owner-only') },
        async (app) => {
          expect((await runKit(['db:migrate'], { cwd: app.root })).code).toBe(0);
          await app.write('app/models/ticket.ts', ticketWithDue);
        },
      );
      expect(report.failedStep).toBe(5);
      expect(report.steps.map((step) => step.status)).toEqual(['pass', 'pass', 'pass', 'pass', 'fail', 'fail', 'fail', 'skip']);
      expect(report.steps[4]?.problems).toEqual([
        {
          severity: 'error',
          file: 'migrations',
          message: 'not in any migration yet: "ticket": add column "dueOn" text',
          fix: 'run kit db:migrate, review the SQL and commit it (then kit db:push)',
        },
      ]);
      expect(report.steps[5]?.problems).toEqual([
        {
          severity: 'error',
          file: 'app/routes/api/close.api.ts',
          message: 'POST names policy "owner-only", which the app is not configured with',
          fix: 'create it with kit add policy owner-only, then list it in policies of kit.config.ts',
        },
      ]);
      expect(report.steps[6]?.summary).toBe('the app does not start');
      expect(report.steps[6]?.problems[0]?.message).toContain('owner-only');
    },
    slow,
  );

  it(
    'step 4: a module that throws when imported (and 6 and 7 skip, needing it)',
    async () => {
      const report = await verify({
        'app/routes/api/boom.api.ts':
          "import { defineAPI } from '@kit/kit-core';\n\nthrow new Error('no configuration for boom');\n\nexport default defineAPI({ description: 'x', handler: async () => ({}) });\n",
      });

      expect(report.failedStep).toBe(4);
      expect(report.steps.map((step) => step.status)).toEqual(['pass', 'pass', 'pass', 'fail', 'skip', 'skip', 'skip', 'skip']);
      expect(report.steps[3]?.problems).toEqual([
        {
          severity: 'error',
          file: 'app/routes/api/boom.api.ts',
          message: 'importing it threw: no configuration for boom',
          fix: 'fix the code that runs when the module loads (top-level statements)',
        },
      ]);
      expect(report.steps[5]?.summary).toBe('needs the app loaded by step 4');
    },
    slow,
  );
});
