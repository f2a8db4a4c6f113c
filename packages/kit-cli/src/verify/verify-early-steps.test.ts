import { afterEach, describe, expect, it } from 'vitest';
import { createTempApp, runKit, type TempApp } from '../testing/temp-app.js';
import type { VerifyReport } from './verify-types.js';
import { withoutDurations } from '../testing/verify-apps.js';

const apps: TempApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.remove()));
});

async function appWith(files: Record<string, string | null>): Promise<TempApp> {
  const app = await createTempApp(files);
  apps.push(app);
  return app;
}

describe('kit verify stops at the first failing step', () => {
  it('step 1: a missing tsconfig.json and "type": "module", with the fix', async () => {
    const app = await appWith({ 'tsconfig.json': null, 'package.json': '{ "name": "x" }\n' });
    const result = await runKit(['verify'], { cwd: app.root });
    expect(result.code).toBe(1);
    expect(withoutDurations(result.stdout)).toBe(
      [
        `kit verify: ${app.root}`,
        'FAIL 1/8 structure  the app is missing files it needs (<t>)',
        '     error package.json: package.json does not declare "type": "module"; kit apps are ES modules (import/export, top-level await)',
        '       fix: add "type": "module" to package.json',
        '     error tsconfig.json: there is no tsconfig.json, so the app cannot be type-checked',
        '       fix: add a tsconfig.json with "module": "NodeNext", "strict": true and "jsx": "react-jsx" (create-kit-app writes one)',
        'SKIP 2/8 routes     not run: step 1 failed',
        'SKIP 3/8 types      not run: step 1 failed',
        'SKIP 4/8 load       not run: step 1 failed',
        'SKIP 5/8 migrations not run: step 1 failed',
        'SKIP 6/8 policies   not run: step 1 failed',
        'SKIP 7/8 contract   not run: step 1 failed',
        'SKIP 8/8 tests      not run: step 1 failed',
        'kit verify failed at step 1 (structure); fix the errors above, then run kit verify again.',
        '',
      ].join('\n'),
    );
  });

  it("step 2: the router's diagnostics, as JSON", async () => {
    const app = await appWith({ 'app/routes/about.page.ts': 'export default function About() { return null; }\n' });
    const result = await runKit(['verify', '--json'], { cwd: app.root });
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as VerifyReport;
    expect(report.ok).toBe(false);
    expect(report.failedStep).toBe(2);
    expect(report.steps.map((step) => [step.number, step.name, step.status])).toEqual([
      [1, 'structure', 'pass'],
      [2, 'routes', 'fail'],
      [3, 'types', 'skip'],
      [4, 'load', 'skip'],
      [5, 'migrations', 'skip'],
      [6, 'policies', 'skip'],
      [7, 'contract', 'skip'],
      [8, 'tests', 'skip'],
    ]);
    for (const step of report.steps)
      expect(Object.keys(step).sort()).toEqual(['durationMs', 'name', 'number', 'problems', 'status', 'summary', 'title']);
    expect(Object.keys(report).sort()).toEqual(['durationMs', 'failedStep', 'ok', 'root', 'steps']);
    const [problem] = report.steps[1]?.problems ?? [];
    expect(problem?.severity).toBe('error');
    expect(problem?.file).toBe('app/routes/about.page.ts');
    expect(problem?.message).toMatch(/^unknown_convention: /);
    expect(problem?.fix).toContain('about.page.tsx');
  });
});
