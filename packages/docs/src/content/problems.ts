/** One problem found in the content, located at a line of a file. */
export interface ContentProblem {
  /** Absolute path of the file. */
  readonly file: string;
  /** 1-based line number. */
  readonly line: number;
  readonly message: string;
}

/**
 * Thrown by `loadContent` when the content is invalid. It carries every problem found, not just the
 * first, so one run of `kit-docs check` shows the author all that needs fixing.
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
  constructor(readonly problems: readonly ContentProblem[]) {
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

/** Collects problems while a file is read; `at` binds the file once. */
export class ProblemList {
  readonly items: ContentProblem[] = [];
  add(file: string, line: number, message: string): void {
    this.items.push({ file, line, message });
  }
  get isEmpty(): boolean {
    return this.items.length === 0;
  }
}
