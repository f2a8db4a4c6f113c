import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configWithPolicy, guardedRoute, passingTest, withoutDurations } from '../testing/verify-apps.js';
import { createTempApp, runKit, runKitInProcess, type TempApp } from '../testing/temp-app.js';

// tsc, esbuild and the app's own tests run for real: generous on a busy machine.
const slow = 120_000;

// A complete app made with kit add: an API, a page, a model with its migration, a policy a route
// names, and a passing test. Every step runs for real: tsc, kit-dev's build, kit-db, vitest.
let app: TempApp;
beforeAll(async () => {
  app = await createTempApp({
    'kit.config.ts': configWithPolicy,
    'app/routes/api/tickets/close.api.ts': guardedRoute('owner-only'),
    'app/hello.test.ts': passingTest,
  });
  for (const args of [
    ['add', 'api', 'hello'],
    ['add', 'model', 'ticket'],
    ['add', 'policy', 'owner-only'],
    ['add', 'page', 'about'],
  ]) {
    expect((await runKitInProcess(args, { cwd: app.root })).code).toBe(0);
  }
  expect((await runKit(['db:migrate'], { cwd: app.root })).code).toBe(0);
});
afterAll(() => app?.remove());

describe('kit verify on an app that follows the conventions', () => {
  it(
    'passes every step and exits 0, reporting each with what it checked',
    async () => {
      const result = await runKit(['verify'], { cwd: app.root });
      expect(result.stderr).toBe('');
      expect(withoutDurations(result.stdout)).toBe(
        [
          `kit verify: ${app.root}`,
          'PASS 1/8 structure  package.json, tsconfig.json, app/routes/ in place; dependencies installed (<t>)',
          'PASS 2/8 routes     2 API route files, 2 pages, 0 diagnostics (<t>)',
          'PASS 3/8 types      tsc --noEmit found no type errors (<t>)',
          'PASS 4/8 load       built and imported 4 route modules and kit.config.ts (<t>)',
          'PASS 5/8 migrations 1 model matches the latest sqlite migration (<t>)',
          'PASS 6/8 policies   1 policy configured; routes name 1 policy (<t>)',
          'PASS 7/8 contract   2 API routes in a valid OpenAPI document (<t>)',
          'PASS 8/8 tests      vitest run passed (1 test file) (<t>)',
          'kit verify passed: 8 steps passed, 0 skipped (<t>).',
          '',
        ].join('\n'),
      );
      expect(result.code).toBe(0);
    },
    slow,
  );
});
