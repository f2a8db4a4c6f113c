import { KitError, type FieldIssue } from '@kit/kit-core';

/**
 * Stable codes of the errors kit-db raises, each with the kit-core error code it becomes over HTTP
 * (see {@link KitDbError.toKitError}). Callers branch on `code`, never on the message.
 *
 * @example
 * ```ts
 * import { kitDbErrorCodes } from '@kit/kit-db';
 *
 * console.log(kitDbErrorCodes.constraint_violation); // 'invalid_input'
 * ```
 */
export const kitDbErrorCodes = {
  /** A model field that is not made by a field or relation builder. */
  unknown_field_type: 'internal',
  /** A relation names a model that is not among the models given. */
  unknown_relation_target: 'internal',
  /** Two models share a name, or two share a table name. */
  duplicate_model: 'internal',
  /** A model that cannot be compiled: no or two primary keys, clashing column names, bad options. */
  invalid_model: 'internal',
  /** An operation names a model the database was not created with. */
  unknown_model: 'internal',
  /** `createDatabase` options that are missing or wrong (provider, URL). */
  invalid_config: 'internal',
  /** The database could not be reached or opened (answered 503 with `Retry-After`). */
  connection_failed: 'service_unavailable',
  /**
   * A statement found the database unreachable or too slow: a timeout (`queryTimeoutMs`), a lost
   * connection, a lock held too long, a server shutting down. Answered 503 with `Retry-After`.
   */
  database_unavailable: 'service_unavailable',
  /** An operation on a database after its `close()`. */
  database_closed: 'internal',
  /** A unique, not-null, foreign-key or check constraint refused a write. */
  constraint_violation: 'invalid_input',
  /** Values that do not fit the model: unknown field, wrong type, value outside an enum. */
  invalid_input: 'invalid_input',
  /** No record with the given id. */
  not_found: 'not_found',
  /** A vector whose length differs from the field's declared dimensions. */
  vector_dimension_mismatch: 'invalid_input',
  /** A statement the database refused for another reason than a constraint. */
  query_failed: 'internal',
  /**
   * A statement needs a table or column the database does not have: the app's migrations have not
   * been applied to it (`kit db:push`). A 500 to the caller; the logged message names the fix.
   */
  schema_out_of_date: 'internal',
  /** A migration could not be applied. */
  migration_failed: 'internal',
  /** A generated migration would drop a column or table that may hold data. */
  migration_would_drop_data: 'internal',
  /** An applied migration file was changed afterwards. */
  migration_checksum_mismatch: 'internal',
} as const;

/** One of the stable kit-db error codes. */
export type KitDbErrorCode = keyof typeof kitDbErrorCodes;

/** Which kind of constraint refused a write, for `constraint_violation`. */
export type ConstraintKind = 'unique' | 'not_null' | 'foreign_key' | 'check';

/** What a `KitDbError` knows beyond its code and message. */
export interface KitDbErrorOptions {
  /** The model concerned (its `defineModel` name). */
  readonly model?: string;
  /**
   * The field concerned: for model definitions the field name (`project` for a `belongsTo('project')`),
   * for writes and constraints the column as the values name it (`projectId`).
   */
  readonly field?: string;
  /** The database provider concerned. */
  readonly provider?: string;
  /** For `constraint_violation`: which constraint. */
  readonly constraint?: ConstraintKind;
  /** Per-field problems, for `invalid_input`. */
  readonly issues?: readonly FieldIssue[];
  /** For `database_unavailable` and `connection_failed`: the `Retry-After` of the 503, in seconds (default 5). */
  readonly retryAfterSeconds?: number;
  readonly cause?: unknown;
}

/**
 * The error of kit-db: a stable `code`, a message naming the component, the bad value and the fix,
 * and where known the model, field and provider concerned.
 *
 * @example
 * ```ts
 * import { KitDbError } from '@kit/kit-db';
 *
 * try {
 *   throw new KitDbError('not_found', 'No ticket with id "t1".', { model: 'ticket' });
 * } catch (error) {
 *   if (error instanceof KitDbError && error.code === 'not_found') console.log(error.model); // ticket
 * }
 * ```
 */
export class KitDbError extends Error {
  readonly code: KitDbErrorCode;
  readonly model: string | undefined;
  readonly field: string | undefined;
  readonly provider: string | undefined;
  readonly constraint: ConstraintKind | undefined;
  readonly issues: readonly FieldIssue[];
  /** Seconds a caller should wait before trying again, for the codes answered 503. */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: KitDbErrorCode, message: string, options: KitDbErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'KitDbError';
    this.code = code;
    this.model = options.model;
    this.field = options.field;
    this.provider = options.provider;
    this.constraint = options.constraint;
    this.issues = options.issues ?? (options.field !== undefined && isCallerCode(code) ? [{ field: options.field, message }] : []);
    this.retryAfterSeconds = kitDbErrorCodes[code] === 'service_unavailable' ? (options.retryAfterSeconds ?? 5) : undefined;
  }

  /**
   * The kit-core error for the HTTP and MCP edges. Caller mistakes (`constraint_violation`,
   * `invalid_input`, `vector_dimension_mismatch`) become `invalid_input` 400 with the field in
   * `issues`, except a unique violation, which is `conflict` 409 (the value is taken); `not_found` stays 404;
   * `connection_failed` and `database_unavailable` are `service_unavailable` 503 with `Retry-After`;
   * everything else is `internal` 500, whose detail the caller never sees.
   *
   * @example
   * ```ts
   * import { KitDbError } from '@kit/kit-db';
   *
   * const error = new KitDbError('constraint_violation', 'ticket.title must be unique.', { model: 'ticket', field: 'title' });
   * console.log(error.toKitError().status); // 400
   * ```
   */
  toKitError(): KitError {
    // A value already taken is a conflict with the stored data (409), not a malformed request.
    const code = this.code === 'constraint_violation' && this.constraint === 'unique' ? 'conflict' : kitDbErrorCodes[this.code];
    return new KitError(code, this.message, {
      issues: this.issues,
      cause: this,
      ...(this.retryAfterSeconds === undefined ? {} : { headers: { 'Retry-After': String(this.retryAfterSeconds) } }),
    });
  }
}

function isCallerCode(code: KitDbErrorCode): boolean {
  return kitDbErrorCodes[code] === 'invalid_input';
}
