import type { CommandContext, CommandSpec } from '../cli/command.js';
import { exitCodes } from '../cli/exit-codes.js';
import { requireAppFolder } from '../app/app-folder.js';
import { stepLines, verdict } from './format-report.js';
import { runVerify, verifySteps } from './run-verify.js';

async function run(context: CommandContext) {
  requireAppFolder(context.root);
  const json = context.flag('json');
  if (!json) context.out(`kit verify: ${context.root}`);
  const report = await runVerify({
    root: context.root,
    env: context.env,
    keepGoing: context.flag('keep-going'),
    ...(json ? {} : { onStep: (step) => stepLines(step, verifySteps.length, context.style.out).forEach((line) => context.out(line)) }),
  });
  if (json) context.out(JSON.stringify(report, null, 2));
  else context.out(verdict(report, context.style.out));
  return report.ok ? exitCodes.ok : exitCodes.failed;
}

/** `kit verify`. */
export const verifyCommand: CommandSpec = {
  name: 'verify',
  group: 'Check',
  summary: 'Runs the 8-step verification cascade',
  usage: 'verify [--json] [--keep-going] [options]',
  description: `Checks the app in eight steps, each reported as pass, fail or skip with the file, the line and the fix:
  1 structure   package.json ("type": "module"), tsconfig.json, app/routes/, dependencies installed
  2 routes      the router's diagnostics for app/routes/ (errors fail, warnings are shown)
  3 types       tsc --noEmit -p . (every type error with its line)
  4 load        the app builds as kit build builds it and every module, kit.config.ts included, imports
  5 migrations  the models of app/models/ match the migrations (kit db:migrate would write nothing)
  6 policies    every policy a route names is configured in kit.config.ts; app/policies/ ones are listed
  7 contract    the app starts, /openapi.json is valid, every API route has a description and schemas
  8 tests       vitest run passes, when the app has test files
The cascade stops at the first failing step (the later ones are skipped) unless --keep-going.
Exit 0 when every step passed or skipped, 1 when one failed.`,
  positionals: [],
  options: [
    {
      name: 'json',
      type: 'boolean',
      description: 'print the report as JSON (for agents and CI): { ok, failedStep, steps: [{ number, name, status, summary, problems }] }',
    },
    { name: 'keep-going', type: 'boolean', description: 'run every step even after a failure, to see every problem at once' },
  ],
  examples: ['kit verify', 'kit verify --json', 'kit verify --keep-going'],
  readsEnvFile: true,
  run,
};
