import { DrizzleQueryError } from 'drizzle-orm';
import type { ConstraintKind } from './kit-db-error.js';

/** What a driver said about a refused write, in one shape for the four drivers. */
export interface ConstraintFailure {
  readonly kind: ConstraintKind;
  /** The table, when the driver names it. */
  readonly table?: string;
  /** The columns, when the driver names them. */
  readonly columns?: readonly string[];
  /** The constraint's name, when the driver names it. */
  readonly constraint?: string;
  /** For foreign keys: whether a referenced row was missing (`insert`) or a referencing row remains (`delete`). */
  readonly direction?: 'missing_target' | 'still_referenced';
}

/** The driver error inside drizzle's wrapper (`DrizzleQueryError` keeps it as `cause`). */
export function driverError(error: unknown): unknown {
  let current = error;
  for (let depth = 0; depth < 5; depth++) {
    const cause = (current as { cause?: unknown } | null)?.cause;
    if (current instanceof DrizzleQueryError && cause !== undefined) current = cause;
    else break;
  }
  return current;
}

/** The constraint a driver error reports, or `undefined` when it is another kind of error. */
export function constraintFailure(error: unknown): ConstraintFailure | undefined {
  const raw = driverError(error) as {
    code?: unknown;
    extendedCode?: unknown;
    errno?: unknown;
    message?: unknown;
    table?: unknown;
    column?: unknown;
    constraint?: unknown;
  } | null;
  if (raw === null || typeof raw !== 'object') return undefined;
  const message = typeof raw.message === 'string' ? raw.message : '';
  const sqliteCode =
    typeof raw.extendedCode === 'string'
      ? raw.extendedCode
      : typeof raw.code === 'string' && raw.code.startsWith('SQLITE_')
        ? raw.code
        : undefined;
  if (sqliteCode !== undefined) return sqliteFailure(sqliteCode, message);
  if (typeof raw.code === 'string' && /^23\d{3}$/.test(raw.code)) {
    return postgresFailure(raw.code, message, {
      table: typeof raw.table === 'string' ? raw.table : undefined,
      column: typeof raw.column === 'string' ? raw.column : undefined,
      constraint: typeof raw.constraint === 'string' ? raw.constraint : undefined,
    });
  }
  if (typeof raw.errno === 'number') return mysqlFailure(raw.errno, message);
  return undefined;
}

function sqliteFailure(code: string, message: string): ConstraintFailure | undefined {
  const columnsAfter = (prefix: string): { table?: string; columns?: string[] } => {
    const at = message.indexOf(prefix);
    if (at < 0) return {};
    const qualified = message
      .slice(at + prefix.length)
      .trim()
      .split(/,\s*/);
    const table = qualified[0]?.split('.')[0];
    return { ...(table ? { table } : {}), columns: qualified.map((name) => name.split('.').slice(1).join('.')) };
  };
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY')
    return { kind: 'unique', ...columnsAfter('constraint failed:') };
  if (code === 'SQLITE_CONSTRAINT_NOTNULL') return { kind: 'not_null', ...columnsAfter('constraint failed:') };
  // A delete with RETURNING reports a failed foreign key as SQLITE_CONSTRAINT_TRIGGER: the message tells.
  if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || message.includes('FOREIGN KEY constraint failed')) return { kind: 'foreign_key' };
  if (code === 'SQLITE_CONSTRAINT_CHECK') {
    const name = /CHECK constraint failed:\s*(\S+)/.exec(message)?.[1];
    return { kind: 'check', ...(name ? { constraint: name } : {}) };
  }
  return undefined;
}

function postgresFailure(
  code: string,
  message: string,
  details: { table: string | undefined; column: string | undefined; constraint: string | undefined },
): ConstraintFailure | undefined {
  const base = { ...(details.table ? { table: details.table } : {}), ...(details.constraint ? { constraint: details.constraint } : {}) };
  switch (code) {
    case '23505':
      return { kind: 'unique', ...base };
    case '23502':
      return { kind: 'not_null', ...base, ...(details.column ? { columns: [details.column] } : {}) };
    case '23503':
      return {
        kind: 'foreign_key',
        ...base,
        direction: message.includes('update or delete on table') ? 'still_referenced' : 'missing_target',
      };
    case '23514':
      return { kind: 'check', ...base };
    default:
      return undefined;
  }
}

function mysqlFailure(errno: number, message: string): ConstraintFailure | undefined {
  const backticked = (pattern: RegExp): string | undefined => pattern.exec(message)?.[1];
  switch (errno) {
    case 1062: {
      // MySQL 8 writes the key as `table.key`; MariaDB writes only the key.
      const key = /for key '([^']+)'/.exec(message)?.[1];
      const name = key?.includes('.') ? key.split('.').slice(1).join('.') : key;
      return { kind: 'unique', ...(name ? { constraint: name } : {}) };
    }
    case 1048:
    case 1364: {
      const column = /(?:Column|Field) '([^']+)'/.exec(message)?.[1];
      return { kind: 'not_null', ...(column ? { columns: [column] } : {}) };
    }
    case 1451:
    case 1452: {
      const constraint = backticked(/CONSTRAINT `([^`]+)`/);
      const table = backticked(/\(`[^`]*`\.`([^`]+)`, CONSTRAINT/);
      return {
        kind: 'foreign_key',
        ...(constraint ? { constraint } : {}),
        ...(table ? { table } : {}),
        direction: errno === 1451 ? 'still_referenced' : 'missing_target',
      };
    }
    case 4025:
    case 3819: {
      const constraint = backticked(/CONSTRAINT `([^`]+)`/) ?? /constraint '([^']+)'/i.exec(message)?.[1];
      return { kind: 'check', ...(constraint ? { constraint } : {}) };
    }
    default:
      return undefined;
  }
}
