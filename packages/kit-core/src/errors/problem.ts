import { KitError, cutText, maxListedIssues, shortField, type FieldIssue, type KitErrorCode } from './kit-error.js';

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

const titles: Record<KitErrorCode, string> = {
  invalid_input: 'Invalid input',
  bad_request: 'Bad request',
  unauthorized: 'Unauthorized',
  forbidden: 'Forbidden',
  not_found: 'Not found',
  method_not_allowed: 'Method not allowed',
  conflict: 'Conflict',
  request_timeout: 'Request timeout',
  payload_too_large: 'Payload too large',
  unsupported_media_type: 'Unsupported media type',
  expectation_failed: 'Expectation failed',
  rate_limited: 'Too many requests',
  headers_too_large: 'Request header fields too large',
  internal: 'Internal error',
  not_implemented: 'Not implemented',
  bad_gateway: 'Bad gateway',
  service_unavailable: 'Service unavailable',
};

/**
 * Longest detail a problem carries. Caller input inside it is quoted with `quoteInput` (60
 * characters) or cut with the field names (60), so no problem echoes more than 200 characters of
 * the input; this bound only stops a message that quotes several values from growing without end.
 */
const maxDetailLength = 400;

/**
 * The error as a `KitError`: itself, or what its `toKitError()` gives for the errors of other kit packages
 * (`KitAuthError`, `KitDbError`), which kit-core cannot import; undefined for any other error.
 *
 * @example
 * ```ts
 * import { KitError, quoteInput } from '@kit/kit-core';
 * import { asKitError } from '@kit/kit-core/http';
 *
 * class QuotaError extends Error {
 *   toKitError() {
 *     return new KitError('rate_limited', 'The monthly quota is used up.');
 *   }
 * }
 * console.log(asKitError(new QuotaError())?.status); // 429
 * ```
 */
export function asKitError(error: unknown): KitError | undefined {
  if (error instanceof KitError) return error;
  const convert = (error as { toKitError?: unknown } | null | undefined)?.toKitError;
  if (typeof convert !== 'function') return undefined;
  try {
    const converted: unknown = convert.call(error);
    return converted instanceof KitError ? converted : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The problem document of an error. Anything that is not a `KitError` becomes a generic 500 whose
 * detail reveals nothing about the server (no message, no stack, no path).
 *
 * @example
 * ```ts
 * import { KitError } from '@kit/kit-core';
 * import { toProblem } from '@kit/kit-core/http';
 *
 * const problem = toProblem(new KitError('not_found', 'No document "x".'));
 * console.log(problem.status, problem.type); // 404 /problems/not-found
 * ```
 */
export function toProblem(error: unknown): Problem {
  // A converted error that is internal (a misconfiguration, a broken query) keeps its message for the logs only.
  const converted = error instanceof KitError ? error : asKitError(error);
  const known =
    converted && (converted === error || converted.code !== 'internal')
      ? converted
      : new KitError('internal', 'The server failed to answer this request; it has been logged.');
  const problem: Problem = {
    type: `/problems/${known.code.replaceAll('_', '-')}`,
    title: titles[known.code],
    status: known.status,
    detail: truncate(known.message, maxDetailLength),
    ...(known.issues.length > 0
      ? {
          errors: known.issues
            .slice(0, maxListedIssues)
            .map((issue) => ({ field: shortField(issue.field), message: truncate(issue.message, 200) })),
        }
      : {}),
    ...(known.suggestions.length > 0 ? { suggestions: known.suggestions } : {}),
  };
  return problem;
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${cutText(text, max - 1)}…`;
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
  const shown = value.length <= max ? value : `${cutText(value, max)}…`;
  return JSON.stringify(shown);
}
