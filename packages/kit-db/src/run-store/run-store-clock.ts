import { execute, sql, type Statement } from './statement.js';
import type { DialectName } from '../dialects/dialect.js';
import type { KitDatabase } from '../database/types.js';

/**
 * The database server's clock in milliseconds since the epoch, as SQL; `undefined` for SQLite, whose
 * file is on one machine, so the process's clock serves. Workers on machines whose clocks differ
 * then agree on when a lease runs out. MySQL's expression reads UTC directly, so no session time
 * zone (or its daylight saving hour) can shift it.
 */
export function serverNow(dialect: DialectName): Statement | undefined {
  if (dialect === 'postgres') return sql.raw('(extract(epoch from clock_timestamp()) * 1000)::bigint');
  if (dialect === 'mysql') return sql.raw("(TIMESTAMPDIFF(MICROSECOND, '1970-01-01 00:00:00', UTC_TIMESTAMP(6)) DIV 1000)");
  return undefined;
}

/** The clock as a value to put in SQL: the server's expression, or the process's time as a parameter. */
export function nowSql(dialect: DialectName, processNow: number): Statement {
  return serverNow(dialect) ?? sql`${processNow}`;
}

/** The current time by the clock the store goes by (see `serverNow`). */
export async function readClock(db: KitDatabase): Promise<number> {
  const server = serverNow(db.dialect.name);
  if (server === undefined) return Date.now();
  const { rows } = await execute(db, sql`SELECT ${server} AS now_ms`);
  return Number(rows[0]?.now_ms);
}

/**
 * The lock a read inside a transaction takes on the rows it returns: `FOR UPDATE` on the servers
 * (`SKIP LOCKED` to pass over rows another claimer holds). SQLite needs none: kit-db's transactions
 * there are `BEGIN IMMEDIATE`, which holds the whole file's write lock until the commit.
 */
export function rowLock(dialect: DialectName, options: { skipLocked?: boolean } = {}): Statement {
  if (dialect === 'sqlite') return sql.raw('');
  return sql.raw(options.skipLocked === true ? ' FOR UPDATE SKIP LOCKED' : ' FOR UPDATE');
}
