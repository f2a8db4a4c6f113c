import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { KitDbError } from '../errors/kit-db-error.js';
import type { DatabaseProvider } from '../database/types.js';
import { formatMigrationNumber, nextMigrationNumber, readLatestSnapshot, snapshotFolder } from '../migrations/files/migration-files.js';
import { dialectNameOf, runStoreSchemaVersion, runStoreSql } from './run-store-schema.js';

const component = 'kit-db writeRunStoreMigration';

/** Options of `writeRunStoreMigration`. */
export interface WriteRunStoreMigrationOptions {
  /** The app's migrations folder (`migrations/`), as `generateMigration` and `kit db:push` use it; created when missing. */
  readonly dir: string;
  /** The provider the migrations are for (`sqlite` and `libsql` share SQLite's SQL). */
  readonly provider: DatabaseProvider;
}

/** The migration `writeRunStoreMigration` wrote. */
export interface WrittenRunStoreMigration {
  /** File name without `.sql`, as `kit_migrations` will record it: `0004_kit_run_store_v1`. */
  readonly name: string;
  /** Path of the SQL file. */
  readonly path: string;
  /** The file's content. */
  readonly sql: string;
}

/**
 * Adds the tables of `kitDbRunStore` to the app's migrations: writes them as the next numbered
 * migration of `dir` (`0004_kit_run_store_v1.sql`), which `kit db:push` (`applyMigrations`) then
 * applies with the others, recorded and checksummed in `kit_migrations`. Returns `null`, writing
 * nothing, when the folder has this version's migration already; a later version of the tables
 * comes as a migration of its own (`kit_run_store_v2`). The statements are plain SQL for the
 * provider, not models, so `generateMigration` neither sees nor drops these tables.
 *
 * @example
 * ```ts
 * import { writeRunStoreMigration } from '@kit/kit-db';
 *
 * const written = await writeRunStoreMigration({ dir: 'migrations', provider: 'postgres' });
 * console.log(written?.name ?? 'already there'); // e.g. 0004_kit_run_store_v1; then run kit db:push
 * ```
 */
export async function writeRunStoreMigration(options: WriteRunStoreMigrationOptions): Promise<WrittenRunStoreMigration | null> {
  const { dir, provider } = options;
  if (typeof dir !== 'string' || dir === '')
    throw new KitDbError('invalid_config', `${component}: dir must be the path of the migrations folder (e.g. 'migrations').`);
  if (!['sqlite', 'libsql', 'postgres', 'mysql'].includes(provider))
    throw new KitDbError(
      'invalid_config',
      `${component}: provider must be sqlite, libsql, postgres or mysql, got ${JSON.stringify(provider)}.`,
    );
  const dialect = dialectNameOf(provider);
  const latest = await readLatestSnapshot(dir, component);
  if (latest !== null && latest.snapshot.dialect !== dialect) {
    throw new KitDbError(
      'invalid_config',
      `${component}: the migrations in ${dir} are written for ${latest.snapshot.dialect} (${latest.path}), not ${dialect}; pass the provider they are for.`,
    );
  }
  await mkdir(dir, { recursive: true });
  const names = [...(await readdir(dir)), ...(await readdir(join(dir, snapshotFolder)).catch(() => []))];
  const suffix = `_kit_run_store_v${runStoreSchemaVersion}.sql`;
  if (names.some((name) => /^\d+_/.test(name) && name.endsWith(suffix))) return null;

  const name = `${formatMigrationNumber(nextMigrationNumber(names))}${suffix.slice(0, -'.sql'.length)}`;
  const statements = runStoreSql(dialect);
  const sql = [
    `-- ${name}`,
    `-- The tables of kitDbRunStore (@kit/kit-db), version ${runStoreSchemaVersion}, for ${dialect}: runs, their numbered events and their artifacts.`,
    '-- Written by writeRunStoreMigration; kit db:push applies it. Each statement ends with ";".',
    '',
    statements.map((statement) => `${statement};`).join('\n\n'),
    '',
  ].join('\n');
  const path = join(dir, `${name}.sql`);
  await writeFile(path, sql, { flag: 'wx' });
  return { name, path, sql };
}
