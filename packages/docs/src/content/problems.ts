/** One problem found in the content, located at a line of a file. */
export interface ContentProblem {
  /** Absolute path of the file. */
  readonly file: string;
  /** 1-based line number. */
  readonly line: number;
  readonly message: string;
}

/**
 * Thrown by `loadContent` when the content has errors: problems that leave nothing sound to serve.
 * It carries every error found, not just the first, so one run of `kit-docs check` shows the author
 * all that needs fixing, and the warnings found beside them.
 *
 * @example
 * ```ts
 * import { ContentError, formatProblem, loadContent } from '@kit/docs';
 *
 * try {
 *   await loadContent('./my-docs');
 * } catch (error) {
 *   if (error instanceof ContentError) for (const problem of error.problems) console.error(formatProblem(problem));
 * }
 * ```
 */
export class ContentError extends Error {
  readonly code = 'content_invalid';
  constructor(
    readonly problems: readonly ContentProblem[],
    /** Problems that would not have stopped loading on their own. */
    readonly warnings: readonly ContentProblem[] = [],
  ) {
    super(`content: ${problems.length} problem(s) found\n${problems.map((p) => formatProblem(p)).join('\n')}`);
    this.name = 'ContentError';
  }
}

/**
 * `file:line: message`, with the file relative to `cwd` when it lies below it.
 *
 * @example
 * ```ts
 * import { formatProblem } from '@kit/docs';
 *
 * console.log(formatProblem({ file: '/repo/docs/a.md', line: 3, message: 'empty heading' }, '/repo')); // docs/a.md:3: empty heading
 * ```
 */
export function formatProblem(problem: ContentProblem, cwd: string = process.cwd()): string {
  const file = problem.file.startsWith(cwd + '/') ? problem.file.slice(cwd.length + 1) : problem.file;
  return `${file}:${problem.line}: ${problem.message}`;
}

/**
 * `file:line: warning: message`: a warning as `kit-docs check` prints it, told apart from errors by
 * the word after the line number.
 *
 * @example
 * ```ts
 * import { formatWarning } from '@kit/docs';
 *
 * console.log(formatWarning({ file: '/repo/docs/a.md', line: 3, message: 'broken link "./b.md"' }, '/repo')); // docs/a.md:3: warning: broken link "./b.md"
 * ```
 */
export function formatWarning(problem: ContentProblem, cwd: string = process.cwd()): string {
  return formatProblem({ ...problem, message: `warning: ${problem.message}` }, cwd);
}

/**
 * Collects problems while content is read. `add` records an error, `warn` a warning, and `soft` a
 * problem that is an error only in strict mode: the content can still be served without it.
 */
export class ProblemList {
  readonly items: ContentProblem[] = [];
  readonly warnings: ContentProblem[] = [];
  constructor(readonly strict = true) {}
  add(file: string, line: number, message: string): void {
    this.items.push({ file, line, message });
  }
  warn(file: string, line: number, message: string): void {
    this.warnings.push({ file, line, message });
  }
  soft(file: string, line: number, message: string): void {
    if (this.strict) this.add(file, line, message);
    else this.warn(file, line, message);
  }
  get isEmpty(): boolean {
    return this.items.length === 0;
  }
}
