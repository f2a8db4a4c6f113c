/** How a verification step ended. */
export type StepStatus = 'pass' | 'fail' | 'skip';

/** Something a step found: where it is and what to do about it. Errors fail the step; warnings do not. */
export interface VerifyProblem {
  readonly severity: 'error' | 'warning';
  /** The file, relative to the app's root, when the problem is in one. */
  readonly file?: string;
  readonly line?: number;
  readonly column?: number;
  readonly message: string;
  readonly fix: string;
}

/** What a step reports. */
export interface StepOutcome {
  readonly status: StepStatus;
  /** One line: what was checked and found (`4 routes, no diagnostics`), or why the step was skipped. */
  readonly summary: string;
  readonly problems: readonly VerifyProblem[];
}

/** A step of the cascade, as reported. */
export interface StepReport extends StepOutcome {
  readonly number: number;
  readonly name: string;
  readonly title: string;
  readonly durationMs: number;
}

/** What `kit verify` found, as `--json` prints it. */
export interface VerifyReport {
  readonly ok: boolean;
  readonly root: string;
  /** The number of the first failing step, or null. */
  readonly failedStep: number | null;
  readonly durationMs: number;
  readonly steps: readonly StepReport[];
}

/** A pass. */
export function pass(summary: string, problems: readonly VerifyProblem[] = []): StepOutcome {
  return { status: 'pass', summary, problems };
}

/** A failure, unless every problem is a warning. */
export function outcome(summary: string, problems: readonly VerifyProblem[]): StepOutcome {
  return { status: problems.some((problem) => problem.severity === 'error') ? 'fail' : 'pass', summary, problems };
}

/** A skip, with the reason. */
export function skip(summary: string): StepOutcome {
  return { status: 'skip', summary, problems: [] };
}

/** An error problem. */
export function error(message: string, fix: string, where: { file?: string; line?: number; column?: number } = {}): VerifyProblem {
  return { severity: 'error', ...where, message, fix };
}

/** A warning problem. */
export function warning(message: string, fix: string, where: { file?: string; line?: number; column?: number } = {}): VerifyProblem {
  return { severity: 'warning', ...where, message, fix };
}
