import type { Pool, PoolConnection, RowDataPacket } from 'mysql2/promise';
import { createLedgerSql, ledgerExistsSql, ledgerTable, selectLedgerSql, toLedgerRows, type LedgerRow } from './ledger.js';
import { LockTimeoutError, StatementError, messageOf, type MigrationDriver, type MigrationSession } from './driver.js';

/**
 * Name of the `GET_LOCK` lock. Those locks are server-wide, so the name carries a digest of the
 * database name: two databases on one server migrate independently. 55 characters, under the limit of 64.
 */
const lockName = "CONCAT('kit_migrations_', SHA1(DATABASE()))";

/**
 * Migrations on MySQL and MariaDB. One pooled connection holds `GET_LOCK` for the whole run. Their DDL
 * commits on its own (no transaction can roll it back), so statements run one at a time and a failure
 * reports how many statements of the migration stay applied; the ledger row is written only once
 * every statement succeeded.
 */
export function mysqlDriver(pool: Pool): MigrationDriver {
  const readLedgerOn = async (run: Pick<Pool, 'query'> | PoolConnection): Promise<LedgerRow[]> => {
    const [present] = await run.query<RowDataPacket[]>(ledgerExistsSql('mysql'));
    if (present.length === 0) return [];
    const [rows] = await run.query<RowDataPacket[]>(selectLedgerSql('mysql'));
    return toLedgerRows(rows as Record<string, unknown>[]);
  };
  return {
    provider: 'mysql',
    dialect: 'mysql',
    transactionalDdl: false,
    readLedgerIfExists: () => readLedgerOn(pool),
    withLock: async (timeoutMs, fn) => {
      const connection = await pool.getConnection();
      try {
        const seconds = Math.max(0, Math.ceil(timeoutMs / 1000));
        const [rows] = await connection.query<RowDataPacket[]>(`SELECT GET_LOCK(${lockName}, ?) AS locked`, [seconds]);
        if (Number(rows[0]?.['locked']) !== 1) throw new LockTimeoutError(timeoutMs);
        try {
          const session: MigrationSession = {
            readLedger: async () => {
              await connection.query(createLedgerSql('mysql'));
              return readLedgerOn(connection);
            },
            apply: async (migration, appliedAt) => {
              const [recorded] = await connection.query<RowDataPacket[]>(`SELECT 1 FROM \`${ledgerTable}\` WHERE \`name\` = ?`, [
                migration.name,
              ]);
              if (recorded.length > 0) return 'skipped';
              for (const [index, statement] of migration.statements.entries()) {
                try {
                  await connection.query(statement);
                } catch (error) {
                  throw new StatementError(index, statement, index, messageOf(error), { cause: error });
                }
              }
              await connection.query(`INSERT INTO \`${ledgerTable}\` (\`name\`, \`checksum\`, \`applied_at\`) VALUES (?, ?, ?)`, [
                migration.name,
                migration.checksum,
                appliedAt,
              ]);
              return 'applied';
            },
          };
          return await fn(session);
        } finally {
          await connection.query(`SELECT RELEASE_LOCK(${lockName})`).catch(() => undefined);
        }
      } finally {
        connection.release();
      }
    },
  };
}
