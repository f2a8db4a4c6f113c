import { KitDbError } from '../../errors/kit-db-error.js';
import type { KitDatabase } from '../../database/types.js';
import type { AnyModel } from '../../model/types.js';
import { driverFor } from '../apply/driver-for.js';
import { LockTimeoutError } from '../apply/driver.js';
import { readMigrationFiles } from '../files/migration-files.js';
import { modelsDifferFromMigrations } from '../generate/generate-migration.js';

const component = 'kit-db migrationStatus';

/** Options of `migrationStatus`. */
export interface MigrationStatusOptions {
  /** The database to inspect; nothing is written to it (not even the `kit_migrations` table). */
  readonly db: KitDatabase;
  /** The migrations folder. */
  readonly dir: string;
  /** The app's models: when given, `modelsChanged` tells whether they differ from the latest migration's snapshot. */
  readonly models?: readonly AnyModel[];
}

/** A migration recorded in `kit_migrations`. */
export interface AppliedMigrationStatus {
  readonly name: string;
  readonly appliedAt: Date;
}

/** What `migrationStatus` found. */
export interface MigrationStatus {
  /** Recorded migrations, in the order they were applied. */
  readonly applied: readonly AppliedMigrationStatus[];
  /** Files not applied yet, in the order `applyMigrations` will apply them. */
  readonly pending: readonly string[];
  /** Applied migrations whose file changed since (`applyMigrations` refuses to run until restored). */
  readonly changed: readonly string[];
  /** Applied migrations whose file is gone from the folder. */
  readonly missing: readonly string[];
  /** Whether the models differ from the latest migration's snapshot; present only when `models` were given. */
  readonly modelsChanged?: boolean;
}

/**
 * The migration status of a database: applied migrations with their time, pending files, applied
 * files that changed since (`changed`) or disappeared (`missing`), and, given the models, whether they
 * changed since the latest migration (`modelsChanged`: run `kit db:migrate`). Reads only.
 *
 * @example
 * ```ts
 * import { createDatabase, migrationStatus } from '@kit/kit-db';
 *
 * const db = await createDatabase({ provider: 'sqlite', url: 'app.db', models: [] });
 * const status = await migrationStatus({ db, dir: 'migrations' });
 * console.log(status.pending); // e.g. ['0003_add_due_date']
 * ```
 */
export async function migrationStatus(options: MigrationStatusOptions): Promise<MigrationStatus> {
  if (options === null || typeof options !== 'object' || options.db === undefined || options.db === null) {
    throw new KitDbError('invalid_config', `${component}: pass { db, dir } with a database made by createDatabase().`);
  }
  if (typeof options.dir !== 'string' || options.dir === '') {
    throw new KitDbError(
      'invalid_config',
      `${component}: dir must be the path of the migrations folder (e.g. 'migrations'), got ${JSON.stringify(options.dir)}.`,
    );
  }
  const { db, dir } = options;
  const files = await readMigrationFiles(dir, component);
  const ledger = await driverFor(db, component)
    .readLedgerIfExists()
    .catch((error: unknown) => {
      if (!(error instanceof LockTimeoutError)) throw error;
      throw new KitDbError(
        'query_failed',
        `${component}: the ${db.provider} database stayed busy for ${error.waitedMs} ms (a transaction held its only connection); try again once it ends.`,
        {
          provider: db.provider,
          cause: error,
        },
      );
    });
  const fileByName = new Map(files.map((file) => [file.name, file]));
  const recorded = new Set(ledger.map((row) => row.name));
  const status: MigrationStatus = {
    applied: ledger.map((row) => ({ name: row.name, appliedAt: new Date(row.appliedAt) })),
    pending: files.filter((file) => !recorded.has(file.name)).map((file) => file.name),
    changed: ledger.filter((row) => fileByName.has(row.name) && fileByName.get(row.name)!.checksum !== row.checksum).map((row) => row.name),
    missing: ledger.filter((row) => !fileByName.has(row.name)).map((row) => row.name),
  };
  if (options.models === undefined) return status;
  return { ...status, modelsChanged: await modelsDifferFromMigrations({ models: options.models, db, dir }) };
}
