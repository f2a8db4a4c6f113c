import { KitError, type FieldIssue } from './kit-error.js';

/**
 * An RFC 9457 problem document, the wire form of every error. `errors` lists field issues of a
 * validation failure; `suggestions` close matches of a value that was not found.
 */
export interface Problem {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly errors?: readonly FieldIssue[];
  readonly suggestions?: readonly string[];
}

const titles: Record<number, string> = {
  400: 'Invalid input',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  413: 'Payload too large',
  415: 'Unsupported media type',
  429: 'Too many requests',
  500: 'Internal error',
};

/** Longest echo of caller input a problem may carry, so an error never reflects a large payload back. */
const maxDetailLength = 400;

/**
 * The problem document of an error. Anything that is not a `KitError` becomes a generic 500 whose
 * detail reveals nothing about the server (no message, no stack, no path).
 *
 * @example
 * ```ts
 * import { KitError, toProblem } from '@kit/kit-core';
 *
 * const problem = toProblem(new KitError('not_found', 'No document "x".'));
 * console.log(problem.status, problem.type); // 404 /problems/not-found
 * ```
 */
export function toProblem(error: unknown): Problem {
  const known = error instanceof KitError ? error : new KitError('internal', 'The server failed to answer this request; it has been logged.');
  const problem: Problem = {
    type: `/problems/${known.code.replaceAll('_', '-')}`,
    title: titles[known.status] ?? 'Error',
    status: known.status,
    detail: truncate(known.message, maxDetailLength),
    ...(known.issues.length > 0 ? { errors: known.issues.map((issue) => ({ field: issue.field, message: truncate(issue.message, 200) })) } : {}),
    ...(known.suggestions.length > 0 ? { suggestions: known.suggestions } : {}),
  };
  return problem;
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * Quotes a caller-supplied value inside an error message, shortened so that no error echoes more
 * than a short excerpt of the input.
 *
 * @example
 * ```ts
 * import { quoteInput } from '@kit/kit-core';
 *
 * console.log(quoteInput('x'.repeat(500)).length); // 63
 * ```
 */
export function quoteInput(value: string, max = 60): string {
  const shown = value.length <= max ? value : `${value.slice(0, max)}…`;
  return JSON.stringify(shown);
}
