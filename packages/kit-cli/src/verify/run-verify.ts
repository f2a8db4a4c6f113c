import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { contractStep } from './steps/contract-step.js';
import { loadStep } from './steps/load-step.js';
import { migrationsStep } from './steps/migrations-step.js';
import { policiesStep } from './steps/policies-step.js';
import { routesStep } from './steps/routes-step.js';
import { structureStep } from './steps/structure-step.js';
import { testsStep } from './steps/tests-step.js';
import { typesStep } from './steps/types-step.js';
import type { VerifyApp, VerifyStep } from './verify-app.js';
import { error, skip, type StepOutcome, type StepReport, type VerifyReport } from './verify-types.js';

/**
 * The eight steps, cheapest and most basic first, so the first failure is the one to fix first:
 * nothing loads without the files (1), the router refuses bad route files before anything is built
 * (2), type errors explain most load failures with exact lines (3), the later checks need the loaded
 * app (4). 5 needs only the models; 6 and 7 the loaded app; 8 runs the app's own tests last.
 */
export const verifySteps: readonly VerifyStep[] = [
  structureStep,
  routesStep,
  typesStep,
  loadStep,
  migrationsStep,
  policiesStep,
  contractStep,
  testsStep,
];

/** Options of `runVerify`. */
export interface RunVerifyOptions {
  readonly root: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Run every step even after one failed (a step that needs an earlier one still skips). Default false: stop at the first failure. */
  readonly keepGoing?: boolean;
  /** Told when each step starts and ends, for live output. */
  readonly onStep?: (report: StepReport) => void;
}

async function runStep(step: VerifyStep, app: VerifyApp): Promise<StepOutcome> {
  try {
    return await step.run(app);
  } catch (cause) {
    // A step that throws is itself a finding: the check could not be made.
    return {
      status: 'fail',
      summary: 'the check could not run',
      problems: [error(cause instanceof Error ? cause.message : String(cause), 'fix what the message names, then run kit verify again')],
    };
  }
}

/** Runs the cascade on an app and reports every step. */
export async function runVerify(options: RunVerifyOptions): Promise<VerifyReport> {
  const started = performance.now();
  const app: VerifyApp = { root: options.root, env: options.env, buildDir: join(options.root, '.kit', 'verify') };
  const steps: StepReport[] = [];
  let failedStep: number | null = null;
  try {
    for (const [index, step] of verifySteps.entries()) {
      const number = index + 1;
      const stepStarted = performance.now();
      const result = failedStep !== null && !options.keepGoing ? skip(`not run: step ${failedStep} failed`) : await runStep(step, app);
      const report: StepReport = {
        number,
        name: step.name,
        title: step.title,
        ...result,
        durationMs: Math.round(performance.now() - stepStarted),
      };
      steps.push(report);
      options.onStep?.(report);
      if (report.status === 'fail' && failedStep === null) failedStep = number;
    }
  } finally {
    await app.server?.close();
    await rm(app.buildDir, { recursive: true, force: true });
  }
  return { ok: failedStep === null, root: options.root, failedStep, durationMs: Math.round(performance.now() - started), steps };
}
