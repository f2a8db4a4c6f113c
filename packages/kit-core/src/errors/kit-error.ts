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
  /** The HTTP message itself is malformed (request line, target, Host, framing), before any input is read. */
  bad_request: 400,
  /** No valid credentials: a forged, expired or malformed session, key or proof. Answered with `WWW-Authenticate`. */
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  /** The request conflicts with the current state of the resource (an approval already decided, a unique value taken). */
  conflict: 409,
  /** The client did not send the whole request (its head or its body) in time. */
  request_timeout: 408,
  payload_too_large: 413,
  unsupported_media_type: 415,
  /** An `Expect` header the server cannot meet (anything but `100-continue`). */
  expectation_failed: 417,
  rate_limited: 429,
  /** The request head (request line and headers) is larger than the server accepts. */
  headers_too_large: 431,
  internal: 500,
  /** A method the server does not implement at all (`BREW`, `CONNECT`), whatever the path. */
  not_implemented: 501,
  /** A service the server depends on (an identity provider, say) answered wrongly or not at all. */
  bad_gateway: 502,
  /**
   * The server cannot answer now but expects to soon: its database does not answer, or a store of its
   * own is full. Sent with `Retry-After`.
   */
  service_unavailable: 503,
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

/** Most field issues one error lists; the rest are counted, so a body of 10,000 unknown names stays small. */
export const maxListedIssues = 20;

/** Length past which the summary of `invalidInput` stops naming issues and counts them instead. */
const maxSummaryLength = 300;

/** Longest field name an error repeats; longer names are cut and marked with `…`. */
const maxFieldLength = 60;

/**
 * A field name as an error may repeat it: cut to 60 characters (then `…`), since any name a caller
 * sends, however long, comes back in `errors[].field` and in the detail.
 */
export function shortField(field: string): string {
  return field.length <= maxFieldLength ? field : `${cutText(field, maxFieldLength)}…`;
}

/** The first `max` UTF-16 units of `text`, one fewer when the cut would split a surrogate pair. */
export function cutText(text: string, max: number): string {
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/**
 * `invalid_input` from a list of field issues, with a summary message naming the fields. Field
 * names are cut to 60 characters and at most 20 issues are listed in `issues`; the message names
 * those that fit in about 300 characters and counts the others (`; and 12 more field issues`),
 * so the error never carries a long stretch of the caller's input.
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
  const listed = issues.slice(0, maxListedIssues).map((issue) => ({ field: shortField(issue.field), message: issue.message }));
  // The summary names as many issues as fit a short sentence and counts the rest; `errors` lists 20.
  const parts: string[] = [];
  let length = 0;
  for (const issue of listed) {
    const part = issue.field ? `${issue.field} ${issue.message}` : issue.message;
    if (parts.length > 0 && length + part.length > maxSummaryLength) break;
    parts.push(part);
    length += part.length + 2;
  }
  const more = issues.length - parts.length;
  const rest = more > 0 ? `; and ${more} more field ${more === 1 ? 'issue' : 'issues'}` : '';
  return new KitError('invalid_input', `Invalid input: ${parts.join('; ')}${rest}.`, { issues: listed });
}
