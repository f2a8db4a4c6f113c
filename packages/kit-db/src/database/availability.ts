import { KitDbError } from '../errors/kit-db-error.js';
import { driverError } from '../errors/constraint-failure.js';
import type { DatabaseProvider } from './types.js';

/** Default of `CreateDatabaseOptions.queryTimeoutMs` for the servers and libSQL: 10 s. */
export const defaultQueryTimeoutMs = 10_000;
/**
 * Default of `queryTimeoutMs` for `sqlite`: 5 s. better-sqlite3 waits for another process's lock
 * synchronously, holding the whole process meanwhile, so its wait is kept shorter.
 */
export const defaultSqliteBusyTimeoutMs = 5_000;
/** Default of `CreateDatabaseOptions.retryAfterSeconds`. */
export const defaultRetryAfterSeconds = 5;
/** How long past `queryTimeoutMs` kit-db itself gives up on a statement the driver has not ended. */
const deadlineSlackMs = 1_000;

/** What the statements of a database are allowed, resolved from `createDatabase`'s options. */
export interface AvailabilitySettings {
  readonly provider: DatabaseProvider;
  /** What the log line names: host and port, or the file. */
  readonly where: string;
  readonly queryTimeoutMs: number;
  readonly retryAfterSeconds: number;
  readonly log: (line: string) => void;
}

/** Raised by kit-db's own deadline when the driver did not end a statement in time. */
class NoAnswer extends Error {
  constructor(readonly ms: number) {
    super(`no answer within ${ms} ms`);
  }
}

const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNABORTED',
]);
// PostgreSQL SQLSTATEs of a server that cannot serve now: query canceled (statement_timeout), lock not
// available (lock_timeout), too many connections, shutting down or starting up; class 08 is any
// connection exception.
const postgresStates = new Set(['57014', '55P03', '53300', '57P01', '57P02', '57P03']);
// MySQL and MariaDB: lock wait timeout, statement timeouts, too many connections, shutdown.
const mysqlCodes = new Set([
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_LOCK_WAIT_TIMEOUT',
  'ER_QUERY_TIMEOUT',
  'ER_STATEMENT_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'ER_QUERY_INTERRUPTED',
]);
const driverMessages = [
  /Query read timeout/,
  /timeout exceeded when trying to connect/i,
  /Connection terminated/,
  /Client has encountered a connection error/,
  /Connection lost/i,
  /Queue limit reached/,
  /connect ECONNREFUSED/,
  /fetch failed/,
];

/**
 * Why a driver error means the database could not be reached or did not answer in time (a timeout, a
 * lost connection, a lock held too long, a server that is shutting down), or undefined for any other
 * error (a constraint, a syntax error), which stays what it was.
 */
export function unavailableReason(error: unknown): string | undefined {
  if (error instanceof NoAnswer) return error.message;
  let current: unknown = driverError(error);
  // Network errors often sit one or two causes deep (fetch failed → ECONNREFUSED).
  for (let depth = 0; depth < 3 && current !== null && typeof current === 'object'; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (networkCodes.has(code)) return `the connection failed (${code})`;
      if (postgresStates.has(code) || /^08[0-9A-Z]{3}$/.test(code))
        return code === '57014' ? 'the statement ran past its timeout (57014)' : `the server cannot serve now (${code})`;
      if (mysqlCodes.has(code)) return `the server cannot serve now (${code})`;
      if (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_') || code === 'SQLITE_LOCKED')
        return `the database file stayed locked (${code})`;
    }
    if (typeof message === 'string') {
      const known = driverMessages.find((pattern) => pattern.test(message));
      if (known) return message.length > 120 ? `${message.slice(0, 120)}…` : message;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Keeps the statements of one database from waiting forever and counts outages: a statement the
 * driver has not ended `queryTimeoutMs` (plus a second) after it started is given up as unavailable;
 * an unavailable database is a `database_unavailable` error (503 with `Retry-After` over HTTP); the
 * first such error of an outage writes one line to the log, and the next statement the database
 * answers ends the outage.
 */
export class Availability {
  readonly settings: AvailabilitySettings;
  #outage = false;

  constructor(settings: AvailabilitySettings) {
    this.settings = settings;
  }

  /** Whether the database is in an outage: its last statement failed as unavailable. */
  get down(): boolean {
    return this.#outage;
  }

  /** Runs one statement (or a few of one operation) under the deadline; see the class. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await this.#withDeadline(work());
    } catch (error) {
      const unavailable = this.failure(error);
      // Any other error (a constraint, a syntax error) is an answer of the database all the same.
      if (unavailable === undefined) this.#outage = false;
      throw unavailable ?? error;
    }
    this.#outage = false;
    return result;
  }

  /**
   * Runs a transaction (`begin` opens it, runs the function it is given and commits) under deadlines:
   * it must start `fn` within the timeout, and commit within the timeout once `fn` has settled. A
   * transaction given up before it started never runs `fn`, even if a connection frees up later.
   * Statements inside `fn` have deadlines of their own.
   */
  transaction<T, S>(begin: (fn: (session: S) => Promise<T>) => Promise<T>, fn: (session: S) => Promise<T>): Promise<T> {
    const ms = this.settings.queryTimeoutMs + deadlineSlackMs;
    return new Promise<T>((resolve, reject) => {
      let given = false;
      let timer: NodeJS.Timeout | undefined;
      const giveUp = () => {
        given = true;
        reject(this.failure(new NoAnswer(ms)));
      };
      timer = setTimeout(giveUp, ms);
      begin(async (session) => {
        clearTimeout(timer);
        if (given) throw new NoAnswer(ms);
        try {
          return await fn(session);
        } catch (error) {
          // A statement inside found the database unavailable: answer now, and let the rollback
          // happen when it can rather than wait for it.
          if (error instanceof KitDbError && error.code === 'database_unavailable' && !given) {
            given = true;
            reject(error);
          }
          throw error;
        } finally {
          if (!given) timer = setTimeout(giveUp, ms);
        }
      }).then(
        (value) => {
          clearTimeout(timer);
          if (given) return;
          this.#outage = false;
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          if (given) return;
          reject(error instanceof KitDbError ? error : (this.failure(error) ?? error));
        },
      );
    });
  }

  /**
   * The `database_unavailable` error for `error` when it means the database is unreachable or too
   * slow (logging the outage when it is the first), else undefined.
   */
  failure(error: unknown): KitDbError | undefined {
    if (error instanceof KitDbError) return error.code === 'database_unavailable' ? error : undefined;
    const reason = unavailableReason(error);
    if (reason === undefined) return undefined;
    const { provider, where, queryTimeoutMs, retryAfterSeconds, log } = this.settings;
    if (!this.#outage) {
      this.#outage = true;
      try {
        log(
          `kit-db: the ${provider} database at ${where} is unavailable: ${reason}. Calls that need it are answered 503 with Retry-After: ${retryAfterSeconds} until it answers again (queryTimeoutMs ${queryTimeoutMs}); this is logged once per outage.`,
        );
      } catch {
        // A failing log must not turn a 503 into something else.
      }
    }
    return new KitDbError(
      'database_unavailable',
      `The ${provider} database did not answer in time or could not be reached (${reason}), so this call was not served; send it again after ${retryAfterSeconds} s.`,
      { provider, retryAfterSeconds, cause: error },
    );
  }

  #withDeadline<T>(attempt: Promise<T>): Promise<T> {
    // better-sqlite3 runs a statement synchronously, holding the process: a timer could not fire before
    // it ends, and its busy timeout already bounds the wait. So SQLite statements cost no timer here.
    if (this.settings.provider === 'sqlite') return attempt;
    const ms = this.settings.queryTimeoutMs + deadlineSlackMs;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new NoAnswer(ms)), ms);
    });
    return Promise.race([attempt, deadline]).finally(() => clearTimeout(timer));
  }
}

/** Checks a whole number of milliseconds option: a `KitDbError` `invalid_config` naming it and the fix. */
export function checkMilliseconds(name: string, value: unknown, fallback: number, max = 3_600_000): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1 || value > max) {
    throw new KitDbError(
      'invalid_config',
      `createDatabase: ${name} must be a whole number of milliseconds from 1 to ${max}, got ${JSON.stringify(value) ?? String(value)}; omit it for ${fallback}.`,
    );
  }
  return value;
}
