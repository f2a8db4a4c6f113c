import type { Style } from '../cli/style.js';
import type { StepReport, VerifyProblem, VerifyReport } from './verify-types.js';

function elapsed(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

function where(problem: VerifyProblem): string {
  if (problem.file === undefined) return '';
  return `${problem.file}${problem.line === undefined ? '' : `:${problem.line}${problem.column === undefined ? '' : `:${problem.column}`}`}: `;
}

/** A step as lines: `PASS 1/8 structure  <summary> (3 ms)`, then each problem with its fix. */
export function stepLines(step: StepReport, total: number, style: Style): string[] {
  const label = step.status === 'pass' ? style.green('PASS') : step.status === 'fail' ? style.red('FAIL') : style.dim('SKIP');
  const time = step.status === 'skip' && step.durationMs === 0 ? '' : style.dim(` (${elapsed(step.durationMs)})`);
  const lines = [`${label} ${step.number}/${total} ${style.bold(step.name.padEnd(10))} ${step.summary}${time}`];
  for (const problem of step.problems) {
    const tag = problem.severity === 'error' ? style.red('error') : style.yellow('warning');
    const [first, ...rest] = problem.message.split('\n');
    lines.push(
      `     ${tag} ${where(problem)}${first}`,
      ...rest.map((line) => `       ${line}`),
      `       ${style.dim('fix:')} ${problem.fix}`,
    );
  }
  return lines;
}

/** The closing line. */
export function verdict(report: VerifyReport, style: Style): string {
  if (report.ok)
    return style.green(
      `kit verify passed: ${report.steps.filter((step) => step.status === 'pass').length} steps passed, ${report.steps.filter((step) => step.status === 'skip').length} skipped (${elapsed(report.durationMs)}).`,
    );
  const failed = report.steps.filter((step) => step.status === 'fail');
  const first = failed[0] as StepReport;
  return style.red(
    `kit verify failed at step ${first.number} (${first.name})${failed.length > 1 ? ` and ${failed.length - 1} more` : ''}; fix the errors above, then run kit verify again.`,
  );
}
