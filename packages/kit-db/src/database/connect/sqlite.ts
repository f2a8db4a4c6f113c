import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import type { SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import { sqliteDialect } from '../../dialects/sqlite.js';
import { connectionFailed } from './connection-error.js';
import { TransactionGate, direct, type Connection, type Session } from './connection.js';
import { noteQueryText, queryTextLogger } from '../query-span.js';

/** The file of a `sqlite` URL: a path, `file:<path>` (query string ignored) or `:memory:`. */
export function sqliteFile(url: string): string {
  const withoutScheme = url.startsWith('file://') ? url.slice('file://'.length) : url.startsWith('file:') ? url.slice('file:'.length) : url;
  const path = withoutScheme.split('?')[0]!;
  return path === ':memory:' || path === '' ? ':memory:' : path;
}

/**
 * Opens a SQLite file with better-sqlite3: foreign keys on, WAL journal for files, a busy timeout
 * (`busyTimeoutMs`, what `queryTimeoutMs` sets) for other processes' locks. Transactions are
 * `BEGIN IMMEDIATE` on the one connection, and statements of the root wait while one is open.
 */
export function connectSqlite(url: string, options: { readonly busyTimeoutMs: number } = { busyTimeoutMs: 5000 }): Connection {
  const file = sqliteFile(url);
  const where = file === ':memory:' ? 'memory' : `file ${resolve(file)}`;
  if (file !== ':memory:' && !existsSync(dirname(resolve(file)))) {
    throw connectionFailed(
      'sqlite',
      where,
      `the directory ${dirname(resolve(file))} does not exist`,
      'create it, or fix the url (a path, file:<path> or :memory:).',
    );
  }
  let client: Database.Database;
  try {
    client = new Database(file, { timeout: options.busyTimeoutMs });
    client.pragma('foreign_keys = ON');
    if (file !== ':memory:') {
      client.pragma('journal_mode = WAL');
      // In WAL mode, NORMAL syncs at checkpoints rather than at every commit: a commit survives the
      // process dying (the common failure) and the file is never corrupted; only a power loss can drop
      // the last commits. FULL would add a disk flush, about a millisecond, to every write.
      client.pragma('synchronous = NORMAL');
    }
  } catch (error) {
    throw connectionFailed(
      'sqlite',
      where,
      error instanceof Error ? error.message : String(error),
      'check that the file is a SQLite database and can be written, or fix the url.',
      error,
    );
  }
  const db = drizzle({ client, logger: queryTextLogger });
  const compiler = new SQLiteSyncDialect();
  const gate = new TransactionGate();

  // Preparing a statement costs more than running a small one; apps and stores run the same few
  // statements over and over, so the most recent ones are kept (SQLite recompiles a kept statement
  // itself when the schema changes).
  const statements = new Map<string, Database.Statement>();
  const prepare = (text: string): Database.Statement => {
    let prepared = statements.get(text);
    if (prepared) {
      statements.delete(text);
    } else {
      prepared = client.prepare(text);
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
    }
    statements.set(text, prepared);
    return prepared;
  };

  const queryText = async (text: string, values: readonly unknown[]): Promise<Record<string, unknown>[]> => {
    const params = values.map(toSqliteParam);
    const prepared = prepare(text);
    if (prepared.reader) return prepared.all(...params) as Record<string, unknown>[];
    prepared.run(...params);
    return [];
  };

  const query = (statement: SQL): Promise<Record<string, unknown>[]> => {
    const compiled = compiler.sqlToQuery(statement);
    noteQueryText(compiled.sql);
    return queryText(compiled.sql, compiled.params);
  };

  let savepoints = 0;
  const session = (inTransaction: boolean): Session => ({
    drizzle: db,
    inTransaction,
    query,
    queryText,
    exclusive: inTransaction ? direct : (fn) => gate.pass(fn),
    transaction: async (fn) => {
      if (inTransaction) {
        const name = `kit_sp_${++savepoints}`;
        client.exec(`SAVEPOINT ${name}`);
        try {
          const result = await fn(session(true));
          client.exec(`RELEASE ${name}`);
          return result;
        } catch (error) {
          client.exec(`ROLLBACK TO ${name}`);
          client.exec(`RELEASE ${name}`);
          throw error;
        }
      }
      return gate.hold(async () => {
        client.exec('BEGIN IMMEDIATE');
        try {
          const result = await fn(session(true));
          client.exec('COMMIT');
          return result;
        } catch (error) {
          if (client.inTransaction) client.exec('ROLLBACK');
          throw error;
        }
      });
    },
  });

  return {
    provider: 'sqlite',
    dialect: sqliteDialect(),
    root: session(false),
    where,
    close: async () => {
      await gate.hold(async () => {
        if (client.open) client.close();
      });
    },
  };
}

/** How many prepared statements a SQLite connection keeps. */
const STATEMENT_CACHE_SIZE = 256;

/** better-sqlite3 binds neither booleans nor dates: store them as SQLite does (0/1, milliseconds). */
function toSqliteParam(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.getTime();
  return value;
}
