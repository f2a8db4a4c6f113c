import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { KitDbError } from '../../errors/kit-db-error.js';
import type { Dialect, DialectName } from '../../dialects/dialect.js';
import type { DatabaseProvider, KitDatabase } from '../../database/types.js';
import type { ResolvedSchema } from '../../model/schema.js';
import { resolveModels } from '../../model/resolve-models.js';
import type { AnyModel } from '../../model/types.js';
import { dropDataError, droppedData } from '../diff/data-loss.js';
import { defaultMigrationName, describeDiff } from '../diff/describe-diff.js';
import { diffSnapshots, isEmptyDiff } from '../diff/diff-snapshots.js';
import { resolveRenames, type MigrationRenames } from '../diff/renames.js';
import {
  formatMigrationNumber,
  migrationSlug,
  nextMigrationNumber,
  readLatestSnapshot,
  snapshotFolder,
  snapshotPath,
  writeMigration,
} from '../files/migration-files.js';
import { emptySnapshot, type Snapshot } from '../snapshot/snapshot.js';
import { snapshotOf } from '../snapshot/snapshot-of.js';
import { migrationStatements } from '../sql/migration-statements.js';
import { dialectFor } from './dialect-for.js';
import { renderMigrationFile } from './render-file.js';

const component = 'kit-db generateMigration';

/** Options of `generateMigration`. */
export interface GenerateMigrationOptions {
  /** The app's models. Default: the models of `db`. */
  readonly models?: readonly AnyModel[];
  /** A database whose models and dialect to use (nothing is read from or written to it). */
  readonly db?: KitDatabase;
  /** The migrations folder (`migrations/` of the app); created when missing. */
  readonly dir: string;
  /** The SQL dialect: a name or a dialect instance. Give this, `provider` or `db`. */
  readonly dialect?: DialectName | Dialect;
  /** The provider the migrations are for (`sqlite` and `libsql` share the `sqlite` dialect). */
  readonly provider?: DatabaseProvider;
  /** PostgreSQL, when the dialect is given by name: `'pgvector'` for `vector(n)` columns, `'array'` (default) for `real[]`. */
  readonly vector?: 'pgvector' | 'array';
  /** Name part of the file (`add due date` → `0003_add_due_date.sql`). Default: made from the first change. */
  readonly name?: string;
  /**
   * Renames to make instead of drop-and-add, old name → new name: `{ 'ticket.title': 'ticket.subject' }`
   * for a field, `{ ticket: 'issue' }` for a model. A rename is never guessed.
   */
  readonly renames?: MigrationRenames;
  /** Allow dropping tables and columns (and their data). Default `false`: `migration_would_drop_data`. */
  readonly allowDataLoss?: boolean;
}

/** A migration written by `generateMigration`. */
export interface GeneratedMigration {
  /** File name without `.sql`, as `kit_migrations` will record it: `0003_add_due_date`. */
  readonly name: string;
  /** Its number (3 for `0003_…`). */
  readonly number: number;
  /** Path of the SQL file. */
  readonly path: string;
  /** Path of the snapshot written beside it: `<dir>/meta/0003_snapshot.json`. */
  readonly snapshotPath: string;
  /** The file's content. */
  readonly sql: string;
  /** The statements, in order, without their `;`. */
  readonly statements: readonly string[];
  /** One line per change (`"ticket": add column "dueDate" text`). */
  readonly changes: readonly string[];
}

/**
 * Compares the models with the snapshot of the latest migration in `dir` and writes the next
 * numbered migration for the dialect (`<dir>/0003_add_due_date.sql`) with the new snapshot beside it
 * (`<dir>/meta/0003_snapshot.json`). Returns `null`, writing nothing, when nothing changed.
 *
 * It creates and drops tables, adds, drops and alters columns (type, nullability, default), adds and
 * drops indexes, unique constraints, CHECKs and foreign keys (join tables are tables like any other);
 * SQLite tables it cannot alter in place are rebuilt. Renames are never guessed: a field that
 * disappears while another appears is a drop and an add, and since a dropped table or column may hold
 * data, the call then fails with `migration_would_drop_data` naming it, unless the rename is declared
 * in `renames` (the migration renames) or `allowDataLoss: true` is passed (the migration drops).
 *
 * @example
 * ```ts
 * import { defineModel, generateMigration, id, string } from '@kit/kit-db';
 *
 * const ticket = defineModel('ticket', { id: id(), subject: string() });
 * const migration = await generateMigration({
 *   models: [ticket],
 *   dir: 'migrations',
 *   provider: 'postgres',
 *   name: 'rename title to subject',
 *   renames: { 'ticket.title': 'ticket.subject' },
 * });
 * console.log(migration?.name); // e.g. 0002_rename_title_to_subject
 * ```
 */
export async function generateMigration(options: GenerateMigrationOptions): Promise<GeneratedMigration | null> {
  const { dialect, schema, dir } = prepare(options);
  const cur = snapshotOf(schema, dialect);
  const prev = await previousSnapshot(dir, dialect);
  const renames = resolveRenames(options.renames ?? {}, prev, cur);
  const diff = diffSnapshots(prev, cur, renames);
  if (isEmptyDiff(diff)) return null;
  const dropped = droppedData(diff);
  if (dropped.length > 0 && options.allowDataLoss !== true) throw dropDataError(diff, dropped);

  const statements = migrationStatements(diff, dialect);
  const changes = describeDiff(diff);
  const number = nextMigrationNumber(await existingNames(dir));
  const slug = options.name === undefined ? defaultMigrationName(diff) : migrationSlug(options.name);
  if (slug === '') {
    throw new KitDbError(
      'invalid_config',
      `${component}: the name "${options.name}" has no letter or digit to make a file name of; pass a name such as 'add due date'.`,
    );
  }
  const numberText = formatMigrationNumber(number);
  const name = `${numberText}_${slug}`;
  const sql = renderMigrationFile(name, dialect.name, changes, statements);
  const snapshotFile = snapshotPath(dir, numberText);
  await writeMigration(dir, `${name}.sql`, sql, snapshotFile, cur);
  return {
    name,
    number,
    path: join(dir, `${name}.sql`),
    snapshotPath: snapshotFile,
    sql,
    statements: statements.map((statement) => statement.sql),
    changes,
  };
}

/**
 * Whether the models differ from the snapshot of the latest migration in `dir` (renames count as
 * differences): `true` means `generateMigration` would write a migration.
 */
export async function modelsDifferFromMigrations(
  options: Pick<GenerateMigrationOptions, 'models' | 'db' | 'dir' | 'dialect' | 'provider' | 'vector'>,
): Promise<boolean> {
  const { dialect, schema, dir } = prepare(options);
  const prev = await previousSnapshot(dir, dialect);
  return !isEmptyDiff(diffSnapshots(prev, snapshotOf(schema, dialect), { tables: [], columns: [] }));
}

function prepare(options: Pick<GenerateMigrationOptions, 'models' | 'db' | 'dir' | 'dialect' | 'provider' | 'vector'>): {
  dialect: Dialect;
  schema: ResolvedSchema;
  dir: string;
} {
  if (options === null || typeof options !== 'object')
    throw new KitDbError('invalid_config', `${component}: pass an options object: { models, dir, provider }.`);
  if (typeof options.dir !== 'string' || options.dir === '') {
    throw new KitDbError(
      'invalid_config',
      `${component}: dir must be the path of the migrations folder (e.g. 'migrations'), got ${JSON.stringify(options.dir)}.`,
    );
  }
  const dialect = dialectFor(options, component);
  let schema: ResolvedSchema;
  if (options.models !== undefined) {
    if (!Array.isArray(options.models))
      throw new KitDbError('invalid_config', `${component}: models must be an array of defineModel(...) results.`);
    schema = resolveModels(options.models);
  } else if (options.db !== undefined) schema = options.db.schema;
  else
    throw new KitDbError(
      'invalid_config',
      `${component}: pass the app's models ({ models: [ticket, project] }) or a database made with them ({ db }).`,
    );
  return { dialect, schema, dir: options.dir };
}

async function previousSnapshot(dir: string, dialect: Dialect): Promise<Snapshot> {
  const latest = await readLatestSnapshot(dir, component);
  if (latest === null) return emptySnapshot(dialect.name);
  if (latest.snapshot.dialect !== dialect.name) {
    throw new KitDbError(
      'invalid_config',
      `${component}: the migrations in ${dir} are written for ${latest.snapshot.dialect} (${latest.path}), not ${dialect.name}; keep one migrations folder per dialect.`,
    );
  }
  return latest.snapshot;
}

/** Migration and snapshot names already in the folder, so numbers are never reused. */
async function existingNames(dir: string): Promise<string[]> {
  const names: string[] = [];
  for (const folder of [dir, join(dir, snapshotFolder)]) {
    try {
      names.push(...(await readdir(folder)).filter((entry) => entry.endsWith('.sql') || entry.endsWith('_snapshot.json')));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return names;
}
