import type { SqlDialect } from '../snapshot/snapshot.js';

/** The table that records applied migrations. */
export const ledgerTable = 'kit_migrations';

/** One row of `kit_migrations`. */
export interface LedgerRow {
  /** The migration's file name without `.sql`. */
  readonly name: string;
  /** SHA-256 (hex) of the file when it was applied. */
  readonly checksum: string;
  /** ISO 8601 (UTC) time the migration was committed, as stored. */
  readonly appliedAt: string;
}

/**
 * `CREATE TABLE IF NOT EXISTS kit_migrations (name, checksum, applied_at)`. `applied_at` is ISO 8601
 * text in UTC on every dialect, so it reads back the same whatever the server's time zone.
 */
export function createLedgerSql(dialect: SqlDialect): string {
  if (dialect === 'mysql') {
    return `CREATE TABLE IF NOT EXISTS \`${ledgerTable}\` (\`name\` varchar(255) NOT NULL PRIMARY KEY, \`checksum\` char(64) NOT NULL, \`applied_at\` varchar(32) NOT NULL)`;
  }
  if (dialect === 'postgres') {
    return `CREATE TABLE IF NOT EXISTS "${ledgerTable}" ("name" varchar(255) NOT NULL PRIMARY KEY, "checksum" char(64) NOT NULL, "applied_at" varchar(32) NOT NULL)`;
  }
  return `CREATE TABLE IF NOT EXISTS "${ledgerTable}" ("name" text NOT NULL PRIMARY KEY, "checksum" text NOT NULL, "applied_at" text NOT NULL)`;
}

/** A query returning one row when the ledger table exists. */
export function ledgerExistsSql(dialect: SqlDialect): string {
  if (dialect === 'mysql')
    return `SELECT 1 AS present FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = '${ledgerTable}'`;
  if (dialect === 'postgres') return `SELECT 1 AS present WHERE to_regclass('${ledgerTable}') IS NOT NULL`;
  return `SELECT 1 AS present FROM sqlite_master WHERE type = 'table' AND name = '${ledgerTable}'`;
}

/** Every recorded migration, in the order they were applied. */
export function selectLedgerSql(dialect: SqlDialect): string {
  const q = dialect === 'mysql' ? (name: string): string => `\`${name}\`` : (name: string): string => `"${name}"`;
  return `SELECT ${q('name')} AS name, ${q('checksum')} AS checksum, ${q('applied_at')} AS applied_at FROM ${q(ledgerTable)} ORDER BY ${q('applied_at')}, ${q('name')}`;
}

/** Rows of the ledger query, as any driver returns them. */
export function toLedgerRows(rows: readonly Record<string, unknown>[]): LedgerRow[] {
  return rows.map((row) => ({ name: String(row['name']), checksum: String(row['checksum']).trim(), appliedAt: String(row['applied_at']) }));
}
