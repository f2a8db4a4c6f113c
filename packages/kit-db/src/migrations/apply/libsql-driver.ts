import type { Client, Transaction, TransactionMode } from '@libsql/client';
import { createLedgerSql, ledgerExistsSql, ledgerTable, selectLedgerSql, toLedgerRows, type LedgerRow } from './ledger.js';
import {
  LockTimeoutError,
  StatementError,
  messageOf,
  sleep,
  type ApplyOutcome,
  type MigrationDriver,
  type PendingMigration,
} from './driver.js';

/**
 * Migrations on libSQL. The client keeps a pool of connections, so `PRAGMA foreign_keys` cannot be
 * switched on the connection a transaction will get; `client.migrate()` is libSQL's own way to run a
 * batch in one transaction with foreign keys off, locally and over the network. The ledger row is the
 * batch's last statement and its guard: it fails on a duplicate name (another process applied the
 * migration first: the batch rolls back and the migration counts as skipped) and, through a NULL in a
 * NOT NULL column, when `pragma_foreign_key_check` finds rows pointing at nothing.
 */
export function libsqlDriver(client: Client): MigrationDriver {
  // Every read and write runs in a transaction of its own: a statement of @libsql/client that fails
  // with SQLITE_BUSY in autocommit mode is not reset, and its half-open implicit transaction then
  // swallows the next statements; a ROLLBACK resets it.
  const inTransaction = async <T>(mode: TransactionMode, fn: (run: Transaction) => Promise<T>): Promise<T> => {
    const transaction = await client.transaction(mode);
    try {
      const result = await fn(transaction);
      await transaction.commit();
      return result;
    } finally {
      transaction.close();
    }
  };
  const readLedger = (): Promise<LedgerRow[]> =>
    inTransaction('read', async (run) => {
      if ((await run.execute(ledgerExistsSql('sqlite'))).rows.length === 0) return [];
      return toLedgerRows((await run.execute(selectLedgerSql('sqlite'))).rows as unknown as Record<string, unknown>[]);
    });
  const isRecorded = (name: string): Promise<boolean> =>
    inTransaction(
      'read',
      async (run) => (await run.execute({ sql: `SELECT 1 FROM "${ledgerTable}" WHERE "name" = ?`, args: [name] })).rows.length > 0,
    );

  const applyOnce = async (migration: PendingMigration, appliedAt: string): Promise<ApplyOutcome> => {
    if (await isRecorded(migration.name)) return 'skipped';
    const record = {
      sql:
        `INSERT INTO "${ledgerTable}" ("name", "checksum", "applied_at") ` +
        `SELECT ?, ?, CASE WHEN EXISTS (SELECT 1 FROM pragma_foreign_key_check) THEN NULL ELSE ? END`,
      args: [migration.name, migration.checksum, appliedAt],
    };
    try {
      await client.migrate([...migration.statements, record]);
      return 'applied';
    } catch (error) {
      if (isBusy(error)) throw error;
      // Whatever failed, a migration that another process recorded meanwhile was applied once.
      if (await isRecorded(migration.name)) return 'skipped';
      const index = statementIndex(error);
      if (index === migration.statements.length) {
        throw new StatementError(index, 'PRAGMA foreign_key_check', 0, 'the migration leaves rows whose foreign key points at no row', {
          cause: error,
        });
      }
      const failing = index ?? 0;
      throw new StatementError(failing, migration.statements[failing] ?? '', 0, messageOf(error), { cause: error });
    }
  };

  return {
    provider: 'libsql',
    dialect: 'sqlite',
    transactionalDdl: true,
    readLedgerIfExists: () => whenFree(readLedger, Date.now() + 5000, 5000),
    withLock: async (timeoutMs, fn) => {
      const deadline = Date.now() + timeoutMs;
      // A local client fails at once when another process holds the lock (its busy timeout is 0), so a
      // long migration elsewhere could fail this one's COMMIT on every try; wait inside SQLite instead,
      // and give the connection its own setting back afterwards.
      const restore =
        client.protocol === 'file' ? await whenFree(() => busyTimeout(client, Math.min(timeoutMs, 5000)), deadline, timeoutMs) : undefined;
      try {
        return await fn({
          readLedger: () =>
            whenFree(
              async () => {
                await inTransaction('write', (run) => run.execute(createLedgerSql('sqlite')));
                return readLedger();
              },
              deadline,
              timeoutMs,
            ),
          apply: (migration, appliedAt) => whenFree(() => applyOnce(migration, appliedAt), deadline, timeoutMs),
        });
      } finally {
        await restore?.();
      }
    },
  };
}

/** Sets the busy timeout of the client's connection; returns how to put the previous one back. */
async function busyTimeout(client: Client, ms: number): Promise<() => Promise<void>> {
  const previous = Number((await client.execute('PRAGMA busy_timeout')).rows[0]?.[0] ?? 0);
  await client.execute(`PRAGMA busy_timeout = ${Math.round(ms)}`);
  return async () => {
    await client.execute(`PRAGMA busy_timeout = ${previous}`).catch(() => undefined);
  };
}

/**
 * Runs `fn` again while the database is busy (another process writes) or the client's only
 * connection is held by a transaction of the app, until `deadline`.
 */
async function whenFree<T>(fn: () => Promise<T>, deadline: number, timeoutMs: number): Promise<T> {
  for (;;) {
    try {
      return await fn();
    } catch (error) {
      if (!isBusy(error)) throw error;
      if (Date.now() > deadline) throw new LockTimeoutError(timeoutMs);
      // Jitter keeps two waiting processes from retrying in step.
      await sleep(25 + Math.random() * 50);
    }
  }
}

function statementIndex(error: unknown): number | undefined {
  const index = (error as { statementIndex?: unknown } | null)?.statementIndex;
  return typeof index === 'number' ? index : undefined;
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  // TRANSACTION_ACTIVE: the client's only connection (local files) is held by a transaction of the app.
  return (
    code === 'SQLITE_BUSY' ||
    code === 'SQLITE_LOCKED' ||
    code === 'TRANSACTION_ACTIVE' ||
    (typeof code === 'string' && code.startsWith('SQLITE_BUSY'))
  );
}
