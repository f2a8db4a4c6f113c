import type { SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/mysql2';
import mysql from 'mysql2/promise';
import { mysqlDialect } from '../../dialects/mysql.js';
import { KitDbError } from '../../errors/kit-db-error.js';
import { connectionFailed, networkReason, serverWhere, withDeadline } from './connection-error.js';
import { direct, type Connection, type Session } from './connection.js';
import { queryTextLogger } from '../query-span.js';

interface CoreConnection {
  on(event: 'error', listener: () => void): void;
  query(sql: string, callback: () => void): void;
  /** The socket to the server. */
  readonly stream?: { ref?(): void; unref?(): void };
}

interface MysqlRunner {
  execute(statement: SQL): Promise<[unknown, unknown]>;
  transaction<T>(fn: (tx: MysqlRunner) => Promise<T>): Promise<T>;
}

/**
 * Opens a pool of mysql2 connections (MySQL or MariaDB) in UTC, with dates read as strings so
 * `date()` and `datetime()` values do not depend on the process's time zone, and checks one connection works.
 * Each connection bounds its statements by `queryTimeoutMs` on the server (`max_statement_time` on
 * MariaDB, `max_execution_time` for reads on MySQL, and the lock wait); kit-db's own deadline covers a
 * server that does not answer at all. Idle connections do not keep the process alive.
 */
export async function connectMysql(
  url: string,
  options: { readonly connectTimeoutMs: number; readonly poolSize: number; readonly queryTimeoutMs?: number },
): Promise<Connection> {
  const where = serverWhere(url, 3306);
  let pool: mysql.Pool;
  try {
    pool = mysql.createPool({
      uri: url,
      connectionLimit: options.poolSize,
      connectTimeout: options.connectTimeoutMs,
      timezone: 'Z',
      dateStrings: true,
      supportBigNumbers: true,
    });
  } catch (error) {
    throw connectionFailed('mysql', where, networkReason(error), 'check DATABASE_URL (mysql://user:password@host:port/database).', error);
  }
  // The promise pool forwards the event with the callback-style connection, whatever its types say.
  pool.on('connection', (promised) => {
    const connection = promised as unknown as CoreConnection;
    // An idle connection the server drops must not crash the process; the next query reconnects.
    connection.on('error', () => undefined);
    // Strict mode on every connection: a bad value is refused, never truncated or replaced by a default.
    connection.query("SET SESSION sql_mode = CONCAT(@@sql_mode, ',STRICT_ALL_TABLES')", () => undefined);
    if (options.queryTimeoutMs !== undefined) {
      // Each server knows one of the first two and refuses the other, which is ignored.
      connection.query(`SET SESSION max_statement_time = ${(options.queryTimeoutMs / 1000).toFixed(3)}`, () => undefined);
      connection.query(`SET SESSION max_execution_time = ${Math.trunc(options.queryTimeoutMs)}`, () => undefined);
      connection.query(`SET SESSION innodb_lock_wait_timeout = ${Math.max(1, Math.ceil(options.queryTimeoutMs / 1000))}`, () => undefined);
    }
  });
  // A connection in use keeps the process alive; an idle one does not, so a stopping server can exit.
  pool.on('acquire', (promised) => (promised as unknown as CoreConnection).stream?.ref?.());
  pool.on('release', (promised) => (promised as unknown as CoreConnection).stream?.unref?.());
  try {
    await withDeadline(pool.query('SELECT 1'), options.connectTimeoutMs + 1000, () =>
      connectionFailed('mysql', where, `no answer within ${options.connectTimeoutMs} ms`, 'is the server running? check DATABASE_URL.'),
    );
  } catch (error) {
    await pool.end().catch(() => undefined);
    if (error instanceof KitDbError) throw error;
    throw connectionFailed('mysql', where, mysqlReason(error), mysqlFix(error), error);
  }
  // No `mode` here: drizzle 0.45 then mistakes the config object for the client.
  const db = drizzle({ client: pool, logger: queryTextLogger });
  const session = (runner: MysqlRunner, inTransaction: boolean): Session => ({
    drizzle: runner,
    inTransaction,
    query: async (statement) => {
      const [rows] = await runner.execute(statement);
      return Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
    },
    exclusive: direct,
    transaction: (fn) => runner.transaction((tx) => fn(session(tx, true))),
  });
  return {
    provider: 'mysql',
    dialect: mysqlDialect(),
    root: session(db as unknown as MysqlRunner, false),
    where,
    close: () => pool.end(),
  };
}

function mysqlReason(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ER_ACCESS_DENIED_ERROR') return 'access denied (ER_ACCESS_DENIED_ERROR)';
  if (code === 'ER_BAD_DB_ERROR') return 'the database does not exist (ER_BAD_DB_ERROR)';
  return networkReason(error);
}

function mysqlFix(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ER_ACCESS_DENIED_ERROR') return 'check the user and password in DATABASE_URL.';
  if (code === 'ER_BAD_DB_ERROR') return 'create the database (CREATE DATABASE <name>) or fix its name in DATABASE_URL.';
  return 'is the server running? check DATABASE_URL.';
}
