import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GeneratedMigration } from '@kit/kit-db';
import { CliError, environmentError, errorText, failure, usageError } from '../cli/cli-error.js';
import type { CommandContext, CommandSpec } from '../cli/command.js';
import { exitCodes } from '../cli/exit-codes.js';
import { andList } from '../cli/suggest.js';
import { count } from '../cli/table.js';
import { appKitDb, type KitDbModule } from '../app/app-kit-db.js';
import { isFile, isFolder, requireAppFolder } from '../app/app-folder.js';
import { findDatabase, providerOption, type DatabaseTarget } from '../app/database-target.js';
import { loadAppModels, modelsFolder } from '../app/load-models.js';
import { fromKitDbError } from './db-errors.js';
import { databaseOptions, latestSnapshotDialect, migrationsDir, shownPath } from './db-options.js';
import { readMigrationProgress } from './pending-migrations.js';

type DialectName = 'sqlite' | 'postgres' | 'mysql';

/** `--rename old=new`, repeated: kit-db's `renames`. */
export function parseRenames(values: readonly string[]): Record<string, string> {
  const renames: Record<string, string> = {};
  for (const value of values) {
    const match = /^([A-Za-z][\w.]*)=([A-Za-z][\w.]*)$/.exec(value);
    if (match === null) {
      throw usageError(`--rename takes old=new, such as ticket.title=ticket.subject (a field) or ticket=issue (a model); got "${value}"`);
    }
    renames[match[1] as string] = match[2] as string;
  }
  return renames;
}

/** The SQL dialect to write: `--provider`, the configured database's, else the one the folder is already written in. */
async function dialectFor(context: CommandContext, dir: string): Promise<DialectName> {
  const provider = providerOption(context) ?? (await findDatabase(context))?.provider;
  if (provider !== undefined) return provider === 'libsql' ? 'sqlite' : provider;
  const written = latestSnapshotDialect(dir);
  if (written !== null) return written;
  throw environmentError(
    'no database is configured, so the SQL dialect is unknown; add database: { provider, url } to kit.config.ts, set DATABASE_URL, or pass --provider sqlite|libsql|postgres|mysql',
  );
}

async function generate(kitDb: KitDbModule, options: Parameters<KitDbModule['generateMigration']>[0]): Promise<GeneratedMigration | null> {
  try {
    return await kitDb.generateMigration(options);
  } catch (error) {
    throw fromKitDbError(error);
  }
}

/** The files of a migration: its SQL and, when generated, its snapshot (`meta/0003_snapshot.json` for `0003_…`). */
function filesOf(dir: string, name: string): string[] {
  const number = /^(\d+)_/.exec(name)?.[1];
  const snapshot = number === undefined ? undefined : join(dir, 'meta', `${number}_snapshot.json`);
  return [join(dir, `${name}.sql`), ...(snapshot !== undefined && isFile(snapshot) ? [snapshot] : [])];
}

/**
 * The notes of a generated migration that warn it may fail when applied (a NOT NULL column without a
 * default on a table with rows, a type that may not convert), from the comments kit-db writes above
 * its statements.
 */
export function failureWarnings(sql: string): string[] {
  const body = sql.slice(sql.indexOf('\n\n') + 1);
  return body
    .split('\n')
    .filter((line) => line.startsWith('-- '))
    .map((line) => line.slice(3).trim())
    .filter((note) => /\bfails?\b/.test(note));
}

/**
 * The migrations a database that has applied some of the folder still lacks: a new migration would be
 * written on top of them, and `kit db:push` would stop at the first that fails. A database that has
 * applied none (or does not exist yet) is not checked: writing several migrations before the first push
 * is how an app starts. Without a configured database, or when it cannot be reached, nothing is checked
 * (the command works offline) and a note says so.
 */
async function unappliedMigrations(
  context: CommandContext,
  dir: string,
  kitDb: KitDbModule,
): Promise<{ where: string; pending: readonly string[]; applied: readonly string[] } | null> {
  let target: DatabaseTarget | null;
  try {
    target = await findDatabase(context);
  } catch (error) {
    if (error instanceof CliError && error.exitCode === exitCodes.environment) return null;
    throw error;
  }
  if (target === null) return null;
  try {
    const progress = await readMigrationProgress(context, dir, target, kitDb);
    if (progress === null || progress.applied.length === 0 || progress.pending.length === 0) return null;
    return progress;
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    context.err(
      context.style.err.yellow(
        `Note: could not read which migrations the database has applied (${errorText(error)}), so unapplied ones were not checked.`,
      ),
    );
    return null;
  }
}

function refusal(context: CommandContext, dir: string, where: string, pending: readonly string[]): CliError {
  const one = pending.length === 1;
  const files = pending.map((name) => `${shownPath(context.root, dir)}/${name}.sql`);
  return failure(
    `${andList(files)} ${one ? 'is' : 'are'} not applied to ${where} yet, and a new migration would be written on top of ${one ? 'it' : 'them'} (kit db:push stops at the first that fails). ` +
      `Apply ${one ? 'it' : 'them'} first with kit db:push. If that fails, or to change ${one ? 'it' : 'them'}, run kit db:migrate --replace-pending: it deletes ${one ? 'that file and its snapshot' : 'those files and their snapshots'} and writes one migration anew from the models. Nothing was written.`,
  );
}

async function run(context: CommandContext) {
  requireAppFolder(context.root);
  const dir = migrationsDir(context);
  const renames = parseRenames(context.list('rename'));
  const name = context.string('name');
  if (name !== undefined && name.trim() === '') throw usageError('--name is empty; give the change a name such as "add due date"');
  const kitDb = await appKitDb(context.root);
  const { models, files } = await loadAppModels(context.root, kitDb);
  if (models.length === 0) {
    throw environmentError(
      `no models in ${modelsFolder}/ (files exporting defineModel(...) results); create one with kit add model <name>`,
    );
  }
  const dialect = await dialectFor(context, dir);
  const options = {
    models,
    dialect,
    ...(name === undefined ? {} : { name }),
    ...(Object.keys(renames).length > 0 ? { renames } : {}),
    ...(context.flag('allow-data-loss') ? { allowDataLoss: true } : {}),
  };
  const from = `${count(models.length, 'model')} in ${count(files.length, 'file')} of ${modelsFolder}/`;
  if (context.flag('check')) {
    // The check runs on a copy of the folder, so it writes nothing the developer would have to delete.
    const scratch = await mkdtemp(join(tmpdir(), 'kit-migrate-check-'));
    try {
      if (isFolder(dir)) await cp(dir, join(scratch, 'migrations'), { recursive: true });
      const migration = await generate(kitDb, { ...options, dir: join(scratch, 'migrations') });
      if (migration === null) {
        context.out(`The ${dialect} migrations in ${shownPath(context.root, dir)}/ match the models (${from}).`);
        return exitCodes.ok;
      }
      context.out(`The models (${from}) changed since the latest migration; kit db:migrate would write ${migration.name}.sql:`);
      for (const change of migration.changes) context.out(`  ${change}`);
      return exitCodes.failed;
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }
  const unapplied = await unappliedMigrations(context, dir, kitDb);
  if (unapplied !== null) {
    if (!context.flag('replace-pending')) throw refusal(context, dir, unapplied.where, unapplied.pending);
    const lastApplied = [...unapplied.applied].sort().at(-1) ?? '';
    const early = unapplied.pending.filter((name) => name < lastApplied);
    if (early.length > 0) {
      throw failure(
        `--replace-pending replaces only migrations that come after every applied one, but ${andList(early)} ${early.length === 1 ? 'comes' : 'come'} before ${lastApplied}, which ${unapplied.where} has applied; apply ${early.length === 1 ? 'it' : 'them'} with kit db:push, or remove ${early.length === 1 ? 'it' : 'them'} by hand. Nothing was written.`,
      );
    }
    // Tried on a copy of the folder first, so a migration kit-db refuses to write leaves the pending ones in place.
    const scratch = await mkdtemp(join(tmpdir(), 'kit-migrate-replace-'));
    try {
      await cp(dir, join(scratch, 'migrations'), { recursive: true });
      for (const name of unapplied.pending) for (const file of filesOf(join(scratch, 'migrations'), name)) await rm(file, { force: true });
      await generate(kitDb, { ...options, dir: join(scratch, 'migrations') });
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
    for (const name of unapplied.pending) {
      for (const file of filesOf(dir, name)) {
        await rm(file, { force: true });
        context.out(`${context.style.out.yellow('Removed')} ${shownPath(context.root, file)} (not applied to ${unapplied.where})`);
      }
    }
  }
  const migration = await generate(kitDb, { ...options, dir });
  if (migration === null) {
    context.out(`Nothing to write: the ${dialect} migrations in ${shownPath(context.root, dir)}/ match the models (${from}).`);
    return exitCodes.ok;
  }
  const { green } = context.style.out;
  context.out(
    `${green('Wrote')} ${shownPath(context.root, migration.path)} (${dialect}, ${count(migration.statements.length, 'statement')}) from ${from}:`,
  );
  for (const change of migration.changes) context.out(`  ${change}`);
  context.out(`Snapshot: ${shownPath(context.root, migration.snapshotPath)}`);
  for (const warning of failureWarnings(migration.sql)) context.err(context.style.err.yellow(`Warning: ${warning}`));
  context.out('Next: review the SQL, commit both files, then apply it with kit db:push.');
  return exitCodes.ok;
}

/** `kit db:migrate`. */
export const dbMigrateCommand: CommandSpec = {
  name: 'db:migrate',
  group: 'Database',
  summary: 'Generates a migration from model changes',
  usage: 'db:migrate [--name <text>] [--rename <old=new>]... [--allow-data-loss] [--check] [options]',
  description: `Compares the app's models (the defineModel(...) exports of the .ts files under app/models/) with the
snapshot of the latest migration and writes the next one: migrations/NNNN_<name>.sql and its snapshot
migrations/meta/NNNN_snapshot.json. Nothing touches a database; kit db:push applies it. The SQL dialect
is the configured database's (--provider, kit.config.ts, DATABASE_URL), else the folder's own.
A rename is never guessed: declare it with --rename, or accept dropping data with --allow-data-loss.
When the database has applied some migrations but not the latest ones, nothing is written (exit 1): a
new migration would be stacked on them. Apply them with kit db:push, or, when one fails, replace them
with --replace-pending. A statement that may fail on existing rows is named in a warning.`,
  positionals: [],
  options: [
    {
      name: 'name',
      type: 'string',
      value: '<text>',
      description: "name part of the file: 'add due date' gives NNNN_add_due_date.sql (default: made from the first change)",
    },
    {
      name: 'rename',
      type: 'string',
      value: '<old=new>',
      multiple: true,
      description: 'rename instead of drop and add: ticket.title=ticket.subject (a field) or ticket=issue (a model); repeatable',
    },
    { name: 'allow-data-loss', type: 'boolean', description: 'allow dropping tables and columns that may hold data' },
    { name: 'check', type: 'boolean', description: 'write nothing; exit 1 when the models changed since the latest migration (for CI)' },
    {
      name: 'replace-pending',
      type: 'boolean',
      description: 'delete the migrations the database has not applied (and their snapshots), then write one anew from the models',
    },
    ...databaseOptions,
  ],
  examples: [
    'kit db:migrate',
    'kit db:migrate --name "add due date"',
    'kit db:migrate --rename ticket.title=ticket.subject',
    'kit db:migrate --check',
    'kit db:migrate --replace-pending',
  ],
  readsEnvFile: true,
  run,
};
