import type { SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { postgresDialect } from '../../dialects/postgres.js';
import { KitDbError } from '../../errors/kit-db-error.js';
import { connectionFailed, networkReason, serverWhere, withDeadline } from './connection-error.js';
import { direct, type Connection, type Session } from './connection.js';
import { queryTextLogger } from '../query-span.js';

interface PgRunner {
  execute(statement: SQL): Promise<{ rows: Record<string, unknown>[] }>;
  transaction<T>(fn: (tx: PgRunner) => Promise<T>): Promise<T>;
}

/** Options of the PostgreSQL connection. */
export interface PostgresConnectOptions {
  readonly connectTimeoutMs: number;
  /** The server's `statement_timeout`; node-postgres gives up on a statement half a second later. */
  readonly queryTimeoutMs: number;
  readonly poolSize: number;
  readonly vector: 'auto' | 'pgvector' | 'array';
  /** Whether the models have `vector()` fields (only then is pgvector looked for). */
  readonly needsVector: boolean;
}

/**
 * Opens a pool of node-postgres connections, checks one connection works (within the timeout) and
 * chooses how vectors are stored: `vector(n)` when the pgvector extension is installed or can be
 * created, else `real[]`. Statements are bounded twice: the server cancels one past `statement_timeout`
 * (the connection stays usable), and node-postgres gives up on one the server does not answer at all
 * (`query_timeout`, a frozen or unreachable server). Waiting for a connection of the pool is bounded by
 * `connectTimeoutMs`. Idle connections do not keep the process alive (`allowExitOnIdle`), so a server
 * that stops listening can exit at once even if nobody closes the database.
 */
export async function connectPostgres(url: string, options: PostgresConnectOptions): Promise<Connection> {
  const where = serverWhere(url, 5432);
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize,
    connectionTimeoutMillis: options.connectTimeoutMs,
    statement_timeout: options.queryTimeoutMs,
    query_timeout: options.queryTimeoutMs + 500,
    allowExitOnIdle: true,
  });
  // An idle connection the server drops must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  let vectorStorage: 'pgvector' | 'array' = 'array';
  try {
    await withDeadline(pool.query('SELECT 1'), options.connectTimeoutMs + 1000, () =>
      connectionFailed('postgres', where, `no answer within ${options.connectTimeoutMs} ms`, 'is the server running? check DATABASE_URL.'),
    );
    if (options.vector !== 'array' && (options.needsVector || options.vector === 'pgvector'))
      vectorStorage = await pgvectorStorage(pool, options.vector, where);
  } catch (error) {
    await pool.end().catch(() => undefined);
    if (error instanceof KitDbError) throw error;
    throw connectionFailed('postgres', where, postgresReason(error), postgresFix(error), error);
  }
  const db = drizzle({ client: pool, logger: queryTextLogger });
  const session = (runner: PgRunner, inTransaction: boolean): Session => ({
    drizzle: runner,
    inTransaction,
    query: async (statement) => (await runner.execute(statement)).rows,
    exclusive: direct,
    transaction: (fn) => runner.transaction((tx) => fn(session(tx, true))),
  });
  return {
    provider: 'postgres',
    dialect: postgresDialect({ vectorStorage }),
    root: session(db as unknown as PgRunner, false),
    where,
    close: () => pool.end(),
  };
}

async function pgvectorStorage(pool: pg.Pool, mode: 'auto' | 'pgvector', where: string): Promise<'pgvector' | 'array'> {
  const found = await pool.query<{ installed: boolean; available: boolean }>(
    "SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') AS installed, EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'vector') AS available",
  );
  const { installed, available } = found.rows[0]!;
  if (installed) return 'pgvector';
  if (available) {
    try {
      await pool.query('CREATE EXTENSION IF NOT EXISTS vector');
      return 'pgvector';
    } catch (error) {
      if (mode === 'pgvector') {
        throw new KitDbError(
          'invalid_config',
          `createDatabase: vector: 'pgvector' was asked for, but CREATE EXTENSION vector failed on ${where} (${networkReason(error)}); run it as a superuser once, or use vector: 'auto'.`,
          {
            provider: 'postgres',
            cause: error,
          },
        );
      }
      return 'array';
    }
  }
  if (mode === 'pgvector') {
    throw new KitDbError(
      'invalid_config',
      `createDatabase: vector: 'pgvector' was asked for, but the pgvector extension is not installed on the server at ${where}; install it (Debian: postgresql-<version>-pgvector) or use vector: 'auto'.`,
      {
        provider: 'postgres',
      },
    );
  }
  return 'array';
}

function postgresReason(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === '28P01' || code === '28000') return `authentication failed (${String(code)})`;
  if (code === '3D000') return `the database does not exist (${String(code)})`;
  const message = error instanceof Error ? error.message : '';
  if (message.includes('timeout')) return 'timed out while connecting';
  return networkReason(error);
}

function postgresFix(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === '28P01' || code === '28000') return 'check the user and password in DATABASE_URL.';
  if (code === '3D000') return 'create the database (createdb <name>) or fix its name in DATABASE_URL.';
  return 'is the server running? check DATABASE_URL.';
}
