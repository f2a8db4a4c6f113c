import { KitDbError } from '../../errors/kit-db-error.js';
import type { KitDatabase } from '../../database/types.js';
import { readMigrationFiles, type MigrationFile } from '../files/migration-files.js';
import { splitStatements } from '../files/split-statements.js';
import { driverFor } from './driver-for.js';
import { LockTimeoutError, StatementError, type MigrationDriver } from './driver.js';
import type { LedgerRow } from './ledger.js';

const component = 'kit-db applyMigrations';

/** Options of `applyMigrations`. */
export interface ApplyMigrationsOptions {
  /** The database to migrate, made by `createDatabase`. */
  readonly db: KitDatabase;
  /** The migrations folder. */
  readonly dir: string;
  /** Longest wait for another process's run to finish (the migration lock), in milliseconds. Default 60000. */
  readonly lockTimeoutMs?: number;
}

/** A migration applied by this run. */
export interface AppliedMigration {
  readonly name: string;
  readonly appliedAt: Date;
  /** Time its statements took, in milliseconds. */
  readonly durationMs: number;
}

/** What `applyMigrations` did. */
export interface ApplyMigrationsResult {
  /** The migrations this run applied, in order; empty when the database was up to date. */
  readonly applied: readonly AppliedMigration[];
  /** Pending migrations another process applied while this one waited for it. */
  readonly skipped: readonly string[];
}

/**
 * Applies the pending migrations of `dir` (its `.sql` files not yet in `kit_migrations`) in name
 * order, each in its own transaction, recording each with its SHA-256 checksum. Before anything runs,
 * every applied file is checked: one whose content changed fails the run with
 * `migration_checksum_mismatch`. A migration that fails fails the run with `migration_failed` naming
 * the file, the statement and the database's message; on SQLite, libSQL and PostgreSQL it is rolled
 * back whole, while MySQL and MariaDB commit DDL statement by statement, so there the message lists
 * the statements that stay applied. Migrations applied before it in the same run stay applied.
 *
 * Concurrent runs are safe: PostgreSQL takes an advisory lock, MySQL `GET_LOCK`, SQLite its write
 * lock per migration (`BEGIN IMMEDIATE`) with the ledger read again inside it, so no migration is
 * applied twice.
 *
 * @example
 * ```ts
 * import { applyMigrations, createDatabase } from '@kit/kit-db';
 *
 * const db = await createDatabase({ provider: 'sqlite', url: 'app.db', models: [] });
 * const { applied } = await applyMigrations({ db, dir: 'migrations' });
 * console.log(applied.map((migration) => migration.name)); // e.g. ['0001_create_ticket']
 * ```
 */
export async function applyMigrations(options: ApplyMigrationsOptions): Promise<ApplyMigrationsResult> {
  checkOptions(options);
  const { db, dir } = options;
  const files = await readMigrationFiles(dir, component);
  const driver = driverFor(db, component);
  const timeoutMs = options.lockTimeoutMs ?? 60_000;
  try {
    return await driver.withLock(timeoutMs, async (session) => {
      const ledger = await session.readLedger();
      assertUnchanged(files, ledger, db.provider);
      const recorded = new Set(ledger.map((row) => row.name));
      const applied: AppliedMigration[] = [];
      const skipped: string[] = [];
      for (const file of files) {
        if (recorded.has(file.name)) continue;
        const statements = splitStatements(file.sql, driver.dialect);
        const started = performance.now();
        const appliedAt = new Date();
        let outcome;
        try {
          outcome = await session.apply({ name: file.name, checksum: file.checksum, statements }, appliedAt.toISOString());
        } catch (error) {
          if (error instanceof StatementError) throw failure(file, statements, error, driver, applied);
          throw error;
        }
        if (outcome === 'skipped') skipped.push(file.name);
        else applied.push({ name: file.name, appliedAt, durationMs: Math.round(performance.now() - started) });
      }
      return { applied, skipped };
    });
  } catch (error) {
    if (error instanceof LockTimeoutError) {
      throw new KitDbError(
        'migration_failed',
        `${component}: another process kept the migration lock of this ${db.provider} database for ${timeoutMs} ms; nothing was applied. ` +
          'Wait for the other kit db:push to finish and run it again, or raise lockTimeoutMs.',
        { provider: db.provider, cause: error },
      );
    }
    throw error;
  }
}

/** `migration_checksum_mismatch` when an applied file changed since. */
export function assertUnchanged(files: readonly MigrationFile[], ledger: readonly LedgerRow[], provider: string): void {
  const byName = new Map(files.map((file) => [file.name, file]));
  const changed = ledger.filter((row) => {
    const file = byName.get(row.name);
    return file !== undefined && file.checksum !== row.checksum;
  });
  if (changed.length === 0) return;
  const names = changed.map((row) => `${row.name}.sql`).join(', ');
  throw new KitDbError(
    'migration_checksum_mismatch',
    `${component}: ${names} ${changed.length === 1 ? 'was' : 'were'} changed after being applied (the checksum in kit_migrations differs); nothing was applied. ` +
      'An applied migration must stay as it ran: restore the file from version control and put the change in a new migration (kit db:migrate).',
    { provider },
  );
}

function failure(
  file: MigrationFile,
  statements: readonly string[],
  error: StatementError,
  driver: MigrationDriver,
  applied: readonly AppliedMigration[],
): KitDbError {
  const position =
    error.index < statements.length
      ? `statement ${error.index + 1} of ${statements.length} (${cut(error.statement)})`
      : 'the foreign key check after its last statement';
  const earlier =
    applied.length === 0
      ? ''
      : ` Migrations applied before it in this run stay applied: ${applied.map((migration) => migration.name).join(', ')}.`;
  const state = driver.transactionalDdl
    ? `It was rolled back: nothing of ${file.name} is applied, and it is not recorded.`
    : error.committed === 0
      ? `No statement of ${file.name} was applied, and it is not recorded.`
      : `${driver.provider === 'mysql' ? 'MySQL and MariaDB commit' : 'This database commits'} each DDL statement on its own, so statement${error.committed === 1 ? '' : 's'} 1${error.committed === 1 ? '' : `–${error.committed}`} of ${file.name} stay${error.committed === 1 ? 's' : ''} applied (${statements
          .slice(0, error.committed)
          .map(cut)
          .join('; ')}); the migration is not recorded. Revert ${error.committed === 1 ? 'it' : 'them'} by hand before running it again.`;
  return new KitDbError(
    'migration_failed',
    `${component}: migration ${file.name} failed at ${position}: ${error.reason}. ${state}${earlier} Fix ${file.name}.sql and run kit db:push again.`,
    { provider: driver.provider, cause: error.cause ?? error },
  );
}

/** A statement as an error may quote it: without its notes, on one line, at most 120 characters. */
function cut(statement: string): string {
  const line = statement
    .split('\n')
    .filter((text) => !text.trim().startsWith('--'))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  return line.length <= 120 ? line : `${line.slice(0, 119)}…`;
}

function checkOptions(options: ApplyMigrationsOptions): void {
  if (options === null || typeof options !== 'object' || options.db === undefined || options.db === null) {
    throw new KitDbError('invalid_config', `${component}: pass { db, dir } with a database made by createDatabase().`);
  }
  if (typeof options.dir !== 'string' || options.dir === '') {
    throw new KitDbError(
      'invalid_config',
      `${component}: dir must be the path of the migrations folder (e.g. 'migrations'), got ${JSON.stringify(options.dir)}.`,
    );
  }
  if (options.lockTimeoutMs !== undefined && (!Number.isFinite(options.lockTimeoutMs) || options.lockTimeoutMs < 0)) {
    throw new KitDbError(
      'invalid_config',
      `${component}: lockTimeoutMs must be a number of milliseconds ≥ 0, got ${String(options.lockTimeoutMs)}.`,
    );
  }
}
