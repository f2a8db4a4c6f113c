import { driverError } from './constraint-failure.js';

/** A table or column the statement needs that the database does not have: migrations not applied yet. */
export interface SchemaGap {
  readonly kind: 'table' | 'column';
  /** The table or column as the driver names it, when it does. */
  readonly name?: string;
}

/**
 * Whether a driver error says a table or column is missing (SQLite's "no such table", PostgreSQL's
 * 42P01/42703, MySQL's 1146/1054), which in a kit app means the migrations have not been applied.
 */
export function schemaGap(error: unknown): SchemaGap | undefined {
  const raw = driverError(error) as { code?: unknown; errno?: unknown; message?: unknown } | null;
  if (raw === null || typeof raw !== 'object') return undefined;
  const message = typeof raw.message === 'string' ? raw.message : '';
  const found = (kind: SchemaGap['kind'], pattern: RegExp): SchemaGap => {
    const name = pattern.exec(message)?.[1];
    return name === undefined ? { kind } : { kind, name };
  };
  if (typeof raw.code === 'string' && raw.code.startsWith('SQLITE_')) {
    if (message.includes('no such table')) return found('table', /no such table: (?:\w+\.)?(\S+)/);
    if (message.includes('no such column') || / has no column named /.test(message))
      return found('column', /(?:no such column: |has no column named )(\S+)/);
    return undefined;
  }
  if (raw.code === '42P01') return found('table', /relation "(?:[^"]+\.)?([^"]+)" does not exist/);
  if (raw.code === '42703') return found('column', /column "([^"]+)"/);
  if (raw.errno === 1146) return found('table', /Table '(?:[^'.]+\.)?([^']+)' doesn't exist/);
  if (raw.errno === 1054) return found('column', /Unknown column '([^']+)'/);
  return undefined;
}
