import type { Database } from 'better-sqlite3';
import { createLedgerSql, ledgerExistsSql, ledgerTable, selectLedgerSql, toLedgerRows, type LedgerRow } from './ledger.js';
import {
  LockTimeoutError,
  StatementError,
  messageOf,
  sleep,
  type ApplyOutcome,
  type MigrationDriver,
  type MigrationSession,
  type PendingMigration,
} from './driver.js';

/**
 * Migrations on better-sqlite3. Each migration runs in `BEGIN IMMEDIATE`, which takes SQLite's write
 * lock; the ledger is read again inside it, so a process that waited for the lock skips what the other
 * one applied. Foreign keys are switched off around the transaction (SQLite ignores that switch inside
 * one) because a table rebuild drops a table others point at; `PRAGMA foreign_key_check` must come
 * back empty before the commit.
 */
export function sqliteDriver(client: Database): MigrationDriver {
  const readLedger = (): LedgerRow[] => {
    if (client.prepare(ledgerExistsSql('sqlite')).get() === undefined) return [];
    return toLedgerRows(client.prepare(selectLedgerSql('sqlite')).all() as Record<string, unknown>[]);
  };
  return {
    provider: 'sqlite',
    dialect: 'sqlite',
    transactionalDdl: true,
    readLedgerIfExists: async () => readLedger(),
    withLock: async (timeoutMs, fn) => {
      const deadline = Date.now() + timeoutMs;
      const session: MigrationSession = {
        readLedger: async () => {
          client.exec(createLedgerSql('sqlite'));
          return readLedger();
        },
        apply: async (migration, appliedAt) => {
          for (;;) {
            // The connection is shared with the app: a transaction it holds open across awaits must
            // end before this one begins. From here to COMMIT nothing awaits, so nothing interleaves.
            if (!client.inTransaction) {
              try {
                return applyOne(client, migration, appliedAt);
              } catch (error) {
                if (!isBusy(error)) throw error;
              }
            }
            if (Date.now() > deadline) throw new LockTimeoutError(timeoutMs);
            await sleep(50);
          }
        },
      };
      return fn(session);
    },
  };
}

function applyOne(client: Database, migration: PendingMigration, appliedAt: string): ApplyOutcome {
  const foreignKeys = client.pragma('foreign_keys', { simple: true }) === 1;
  if (foreignKeys) client.pragma('foreign_keys = OFF');
  try {
    client.exec('BEGIN IMMEDIATE');
    try {
      if (client.prepare(`SELECT 1 FROM "${ledgerTable}" WHERE "name" = ?`).get(migration.name) !== undefined) {
        client.exec('ROLLBACK');
        return 'skipped';
      }
      migration.statements.forEach((statement, index) => {
        try {
          client.exec(statement);
        } catch (error) {
          throw new StatementError(index, statement, 0, messageOf(error), { cause: error });
        }
      });
      const violations = client.pragma('foreign_key_check') as { table: string; parent: string }[];
      if (violations.length > 0) throw foreignKeyError(migration, violations);
      client
        .prepare(`INSERT INTO "${ledgerTable}" ("name", "checksum", "applied_at") VALUES (?, ?, ?)`)
        .run(migration.name, migration.checksum, appliedAt);
      client.exec('COMMIT');
      return 'applied';
    } catch (error) {
      if (client.inTransaction) client.exec('ROLLBACK');
      throw error;
    }
  } finally {
    if (foreignKeys) client.pragma('foreign_keys = ON');
  }
}

/** The statement error for rows left pointing at missing rows, naming the tables. */
export function foreignKeyError(migration: PendingMigration, violations: readonly { table: string; parent: string }[]): StatementError {
  const pairs = [...new Set(violations.map((row) => `"${row.table}" → "${row.parent}"`))].slice(0, 5).join(', ');
  return new StatementError(
    migration.statements.length,
    'PRAGMA foreign_key_check',
    0,
    `the migration leaves ${violations.length} row(s) whose foreign key points at no row (${pairs})`,
  );
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_SNAPSHOT' || code === 'SQLITE_LOCKED';
}
