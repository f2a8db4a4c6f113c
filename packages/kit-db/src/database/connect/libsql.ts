import { createClient, type Client, type ResultSet } from '@libsql/client';
import type { SQL } from 'drizzle-orm';
import { drizzle, type LibSQLDatabase } from 'drizzle-orm/libsql';
import { sqliteDialect } from '../../dialects/sqlite.js';
import { connectionFailed, networkReason, withDeadline } from './connection-error.js';
import { TransactionGate, direct, type Connection, type Session } from './connection.js';
import { queryTextLogger } from '../query-span.js';

interface LibsqlRunner {
  run(statement: SQL): Promise<ResultSet>;
  transaction<T>(fn: (tx: LibsqlRunner) => Promise<T>): Promise<T>;
}

/**
 * Opens a libSQL database: `file:<path>` and `:memory:` locally on one connection (so a transaction
 * and the statements of the root never meet, as with `sqlite`), `libsql://` and `http(s)://` remotely
 * with `authToken`.
 */
export async function connectLibsql(
  url: string,
  options: { readonly authToken?: string; readonly connectTimeoutMs: number; readonly queryTimeoutMs?: number },
): Promise<Connection> {
  const local = url.startsWith('file:') || url === ':memory:';
  const where = local ? (url === ':memory:' ? 'memory' : url) : safeUrl(url);
  let client: Client;
  try {
    client = createClient({
      url: url === ':memory:' ? 'file::memory:' : url,
      ...(options.authToken === undefined ? {} : { authToken: options.authToken }),
      ...(local ? { concurrency: 1 } : {}),
    });
  } catch (error) {
    throw connectionFailed(
      'libsql',
      where,
      networkReason(error),
      'check the url (file:<path>, libsql://<host> or http(s)://<host>) and that its directory exists.',
      error,
    );
  }
  try {
    await withDeadline(client.execute('SELECT 1'), options.connectTimeoutMs, () =>
      connectionFailed('libsql', where, `no answer within ${options.connectTimeoutMs} ms`, 'is the server running? check DATABASE_URL.'),
    );
    // A local file waits this long for another process's lock; remote statements have kit-db's deadline.
    if (local && options.queryTimeoutMs !== undefined) await client.execute(`PRAGMA busy_timeout = ${Math.trunc(options.queryTimeoutMs)}`);
  } catch (error) {
    client.close();
    if (error instanceof Error && error.name === 'KitDbError') throw error;
    throw connectionFailed(
      'libsql',
      where,
      networkReason(error),
      local
        ? 'check that the file is a SQLite database and its directory exists.'
        : 'is the server running and the auth token right? check DATABASE_URL.',
      error,
    );
  }
  const db = drizzle({ client, logger: queryTextLogger });
  const gate = new TransactionGate();

  const session = (runner: LibsqlRunner, inTransaction: boolean): Session => ({
    drizzle: runner,
    inTransaction,
    query: async (statement) => rowsOf(await runner.run(statement)),
    exclusive: inTransaction ? direct : (fn) => gate.pass(fn),
    transaction: <T>(fn: (inner: Session) => Promise<T>): Promise<T> => {
      const run = (): Promise<T> => runner.transaction((tx) => fn(session(tx, true)));
      return inTransaction ? run() : gate.hold(run);
    },
  });

  return {
    provider: 'libsql',
    dialect: sqliteDialect(),
    root: session(db as unknown as LibsqlRunner & LibSQLDatabase, false),
    where,
    close: async () => {
      await gate.hold(async () => client.close());
    },
  };
}

/** Rows of a libSQL result as plain objects keyed by column name. */
function rowsOf(result: ResultSet): Record<string, unknown>[] {
  return result.rows.map((row) => {
    const plain: Record<string, unknown> = {};
    result.columns.forEach((column, index) => {
      plain[column] = row[index];
    });
    return plain;
  });
}

function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return '(an unparsable URL)';
  }
}
