import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempApp, runKit, type TempApp } from '../testing/temp-app.js';
import type { VerifyReport } from './verify-types.js';
import { parseTscOutput } from './steps/types-step.js';

// tsc runs for real: generous on a busy machine.
const slow = 120_000;

let app: TempApp;
beforeAll(async () => {
  app = await createTempApp({
    'app/routes/api/count.api.ts': `import { defineAPI } from '@kit/kit-core';
import { z } from 'zod';

export default defineAPI({
  description: 'Counts.',
  input: z.strictObject({}),
  output: z.strictObject({ count: z.number() }),
  handler: async () => ({ count: 'three' }),
});
`,
  });
});
afterAll(() => app?.remove());

describe('kit verify step 3', () => {
  it(
    'reports each type error with its file, line and column',
    async () => {
      const result = await runKit(['verify', '--json'], { cwd: app.root });
      expect(result.code).toBe(1);
      const report = JSON.parse(result.stdout) as VerifyReport;
      expect(report.failedStep).toBe(3);
      const step = report.steps[2];
      expect(step?.summary).toBe('tsc --noEmit found 1 type error');
      expect(step?.problems).toHaveLength(1);
      expect(step?.problems[0]).toMatchObject({
        severity: 'error',
        file: 'app/routes/api/count.api.ts',
        line: 8,
        fix: 'correct the type error at this line',
      });
      expect(step?.problems[0]?.message).toMatch(/\(TS\d+\)$/);
    },
    slow,
  );
});

describe('parseTscOutput', () => {
  it('joins continuation lines and keeps errors without a file', () => {
    const output = [
      "app/a.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.",
      "  Types of property 'x' are incompatible.",
      'error TS5023: Unknown compiler option "foo".',
      '',
    ].join('\n');
    expect(parseTscOutput(output)).toEqual([
      {
        severity: 'error',
        file: 'app/a.ts',
        line: 3,
        column: 7,
        message: "Type 'string' is not assignable to type 'number'. Types of property 'x' are incompatible. (TS2322)",
        fix: 'correct the type error at this line',
      },
      { severity: 'error', file: 'tsconfig.json', message: 'TS5023: Unknown compiler option "foo".', fix: 'fix tsconfig.json' },
    ]);
  });
});
