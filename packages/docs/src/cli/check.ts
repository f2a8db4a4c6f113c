import { ContentError, formatProblem, lintContent, loadContent } from '../content/index.js';

/**
 * `kit-docs check`: validates and lints a content directory. Prints one `file:line: message` per
 * problem and nothing at all when the content is clean; the exit code tells which.
 */
export async function runCheck(directory: string, out: (line: string) => void): Promise<number> {
  try {
    const content = await loadContent(directory);
    const problems = lintContent(content);
    for (const problem of problems) out(formatProblem(problem));
    return problems.length === 0 ? 0 : 1;
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    for (const problem of error.problems) out(formatProblem(problem));
    return 1;
  }
}
