import type { Pool, PoolClient } from 'pg';
import { createLedgerSql, ledgerExistsSql, ledgerTable, selectLedgerSql, toLedgerRows, type LedgerRow } from './ledger.js';
import { LockTimeoutError, StatementError, messageOf, sleep, type MigrationDriver, type MigrationSession } from './driver.js';

/** Key of the advisory lock (`kitmigr` in ASCII, 0x6b69746d696772); advisory locks are scoped to the current database. */
export const postgresLockKey = '30233771280787314';

/**
 * Migrations on PostgreSQL. One pooled connection holds a session advisory lock for the whole run
 * (taken with `pg_try_advisory_lock` until `timeoutMs`), and each migration runs on it in its own
 * transaction, with the ledger row inserted before `COMMIT`: PostgreSQL rolls DDL back, so a failed
 * migration leaves nothing behind.
 */
export function postgresDriver(pool: Pool): MigrationDriver {
  const readLedgerOn = async (run: Pick<Pool, 'query'> | PoolClient): Promise<LedgerRow[]> => {
    if ((await run.query(ledgerExistsSql('postgres'))).rows.length === 0) return [];
    return toLedgerRows((await run.query(selectLedgerSql('postgres'))).rows as Record<string, unknown>[]);
  };
  return {
    provider: 'postgres',
    dialect: 'postgres',
    transactionalDdl: true,
    readLedgerIfExists: () => readLedgerOn(pool),
    withLock: async (timeoutMs, fn) => {
      const connection = await pool.connect();
      try {
        const deadline = Date.now() + timeoutMs;
        while (
          !(await connection.query<{ locked: boolean }>(`SELECT pg_try_advisory_lock(${postgresLockKey}) AS locked`)).rows[0]?.locked
        ) {
          if (Date.now() > deadline) throw new LockTimeoutError(timeoutMs);
          await sleep(100);
        }
        try {
          const session: MigrationSession = {
            readLedger: async () => {
              await connection.query(createLedgerSql('postgres'));
              return readLedgerOn(connection);
            },
            apply: async (migration, appliedAt) => {
              await connection.query('BEGIN');
              try {
                if ((await connection.query(`SELECT 1 FROM "${ledgerTable}" WHERE "name" = $1`, [migration.name])).rows.length > 0) {
                  await connection.query('ROLLBACK');
                  return 'skipped';
                }
                for (const [index, statement] of migration.statements.entries()) {
                  try {
                    await connection.query(statement);
                  } catch (error) {
                    throw new StatementError(index, statement, 0, messageOf(error), { cause: error });
                  }
                }
                await connection.query(`INSERT INTO "${ledgerTable}" ("name", "checksum", "applied_at") VALUES ($1, $2, $3)`, [
                  migration.name,
                  migration.checksum,
                  appliedAt,
                ]);
                await connection.query('COMMIT');
                return 'applied';
              } catch (error) {
                await connection.query('ROLLBACK').catch(() => undefined);
                throw error;
              }
            },
          };
          return await fn(session);
        } finally {
          await connection.query(`SELECT pg_advisory_unlock(${postgresLockKey})`).catch(() => undefined);
        }
      } finally {
        connection.release();
      }
    },
  };
}
