import {
  ContentError,
  formatProblem,
  formatWarning,
  lintContent,
  loadContent,
  type Content,
  type ContentProblem,
} from '../content/index.js';

/**
 * `kit-docs check`: validates a content directory and prints one line per problem, errors as
 * `file:line: message` and warnings as `file:line: warning: message`, then (on standard error) a count
 * when there was anything to say. Nothing at all is printed for clean content. Exits 1 only on errors:
 * warnings never fail it. In strict mode the style limits of `lintContent` count as errors, as they
 * always did for the kit corpus; outside it they are not checked.
 */
export async function runCheck(directory: string, out: (line: string) => void, err: (line: string) => void = () => {}): Promise<number> {
  let errors: readonly ContentProblem[];
  let warnings: readonly ContentProblem[];
  try {
    const content = await loadContent(directory);
    errors = content.strict ? lintContent(content) : [];
    warnings = content.warnings;
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    errors = error.problems;
    warnings = error.warnings;
  }
  return printProblems(errors, warnings, out, err) ? 1 : 0;
}

/**
 * The style errors (in strict mode) and warnings of content that loaded, as `check` prints them,
 * with `label` (`hono@4`) on the count line; true when there were errors.
 */
export function reportContent(content: Content, out: (line: string) => void, err: (line: string) => void, label: string): boolean {
  return printProblems(content.strict ? lintContent(content) : [], content.warnings, out, err, label);
}

function printProblems(
  errors: readonly ContentProblem[],
  warnings: readonly ContentProblem[],
  out: (line: string) => void,
  err: (line: string) => void,
  label?: string,
): boolean {
  for (const problem of errors) out(formatProblem(problem));
  for (const problem of warnings) out(formatWarning(problem));
  if (errors.length + warnings.length > 0)
    err(`kit-docs check${label ? ` ${label}` : ''}: ${count(errors.length, 'error')}, ${count(warnings.length, 'warning')}`);
  return errors.length > 0;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
