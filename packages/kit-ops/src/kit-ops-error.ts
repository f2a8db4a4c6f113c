/**
 * Stable codes of the errors kit-ops raises. A caller branches on `code`; `message` is written for a
 * person and names the component, the bad value (or file) and the fix.
 */
export type KitOpsErrorCode =
  /** An option of `createOpsStore`, a rule or a hook is invalid. */
  | 'invalid_config'
  /** An event given to `record` or `recordMany` is malformed (unknown kind, empty subject, bad time...). */
  | 'invalid_event'
  /** A filter given to `query`, `tail` or `incidents` is malformed. */
  | 'invalid_query'
  /** Another connection held the database's write lock for longer than `busyTimeoutMs`. */
  | 'store_locked'
  /** The file is not a SQLite database, or is damaged. */
  | 'store_corrupt'
  /** The file was written by a newer kit-ops whose schema this version does not know. */
  | 'unsupported_schema'
  /** Any other SQLite failure (a read-only folder, a full disk...). */
  | 'store_failed'
  /** The store was used after `close()`. */
  | 'store_closed';

/**
 * The error type of kit-ops.
 *
 * @example
 * ```ts
 * import { createOpsStore, KitOpsError } from '@kit/kit-ops';
 *
 * try {
 *   createOpsStore({ path: './.kit/ops.sqlite' }).close();
 * } catch (error) {
 *   if (error instanceof KitOpsError && error.code === 'store_corrupt') console.error(error.message);
 * }
 * ```
 */
export class KitOpsError extends Error {
  readonly code: KitOpsErrorCode;

  constructor(code: KitOpsErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'KitOpsError';
    this.code = code;
  }
}

/** The message of any thrown value. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A value as a message shows it: strings quoted, the rest as JSON where possible. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === undefined) return 'undefined';
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
