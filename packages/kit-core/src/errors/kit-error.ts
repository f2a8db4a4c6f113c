/**
 * Stable codes of the errors kit raises. Each maps to one HTTP status and one problem type, so a
 * client can branch on `type` without parsing `detail`.
 *
 * @example
 * ```ts
 * import { kitErrorCodes } from '@kit/kit-core';
 *
 * console.log(kitErrorCodes.not_found); // 404
 * ```
 */
export const kitErrorCodes = {
  invalid_input: 400,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
} as const;

/** One of the stable error codes. */
export type KitErrorCode = keyof typeof kitErrorCodes;

/** A problem with one input field: `field` is a dotted path (`limit`, `filter.tags.0`). */
export interface FieldIssue {
  readonly field: string;
  readonly message: string;
}

/** Options of a `KitError`. */
export interface KitErrorOptions {
  /** Per-field problems, for `invalid_input`. */
  readonly issues?: readonly FieldIssue[];
  /** Close matches of a value that was not found. */
  readonly suggestions?: readonly string[];
  /** Extra headers of the HTTP answer (`Allow`, `Retry-After`). */
  readonly headers?: Readonly<Record<string, string>>;
  readonly cause?: unknown;
}

/**
 * The local error of kit: thrown by handlers and by the framework, turned into an RFC 9457 problem
 * document only at the HTTP and MCP edges. `message` is written for the caller: it names the field or
 * value and how to fix it.
 *
 * @example
 * ```ts
 * import { KitError } from '@kit/kit-core';
 *
 * throw new KitError('not_found', 'No document "databse"; did you mean "database"?', {
 *   suggestions: ['database'],
 * });
 * ```
 */
export class KitError extends Error {
  readonly code: KitErrorCode;
  readonly issues: readonly FieldIssue[];
  readonly suggestions: readonly string[];
  readonly headers: Readonly<Record<string, string>>;

  constructor(code: KitErrorCode, message: string, options: KitErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'KitError';
    this.code = code;
    this.issues = options.issues ?? [];
    this.suggestions = options.suggestions ?? [];
    this.headers = options.headers ?? {};
  }

  /** The HTTP status of this error's code. */
  get status(): number {
    return kitErrorCodes[this.code];
  }
}

/**
 * `invalid_input` from a list of field issues, with a summary message naming the fields.
 *
 * @example
 * ```ts
 * import { invalidInput } from '@kit/kit-core';
 *
 * const error = invalidInput([{ field: 'limit', message: 'must be at most 50' }]);
 * console.log(error.message); // Invalid input: limit must be at most 50.
 * ```
 */
export function invalidInput(issues: readonly FieldIssue[]): KitError {
  const summary = issues.map((issue) => (issue.field ? `${issue.field} ${issue.message}` : issue.message)).join('; ');
  return new KitError('invalid_input', `Invalid input: ${summary}.`, { issues });
}
