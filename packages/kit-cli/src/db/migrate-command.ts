import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GeneratedMigration } from '@kit/kit-db';
import { environmentError, usageError } from '../cli/cli-error.js';
import type { CommandContext, CommandSpec } from '../cli/command.js';
import { exitCodes } from '../cli/exit-codes.js';
import { count } from '../cli/table.js';
import { appKitDb, type KitDbModule } from '../app/app-kit-db.js';
import { isFolder, requireAppFolder } from '../app/app-folder.js';
import { findDatabase, providerOption } from '../app/database-target.js';
import { loadAppModels, modelsFolder } from '../app/load-models.js';
import { fromKitDbError } from './db-errors.js';
import { databaseOptions, latestSnapshotDialect, migrationsDir, shownPath } from './db-options.js';

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
  throw environmentError("no database is configured, so the SQL dialect is unknown; add database: { provider, url } to kit.config.ts, set DATABASE_URL, or pass --provider sqlite|libsql|postgres|mysql");
}

async function generate(kitDb: KitDbModule, options: Parameters<KitDbModule['generateMigration']>[0]): Promise<GeneratedMigration | null> {
  try {
    return await kitDb.generateMigration(options);
  } catch (error) {
    throw fromKitDbError(error);
  }
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
    throw environmentError(`no models in ${modelsFolder}/ (files exporting defineModel(...) results); create one with kit add model <name>`);
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
  const migration = await generate(kitDb, { ...options, dir });
  if (migration === null) {
    context.out(`Nothing to write: the ${dialect} migrations in ${shownPath(context.root, dir)}/ match the models (${from}).`);
    return exitCodes.ok;
  }
  const { green } = context.style.out;
  context.out(`${green('Wrote')} ${shownPath(context.root, migration.path)} (${dialect}, ${count(migration.statements.length, 'statement')}) from ${from}:`);
  for (const change of migration.changes) context.out(`  ${change}`);
  context.out(`Snapshot: ${shownPath(context.root, migration.snapshotPath)}`);
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
A rename is never guessed: declare it with --rename, or accept dropping data with --allow-data-loss.`,
  positionals: [],
  options: [
    { name: 'name', type: 'string', value: '<text>', description: "name part of the file: 'add due date' gives NNNN_add_due_date.sql (default: made from the first change)" },
    { name: 'rename', type: 'string', value: '<old=new>', multiple: true, description: 'rename instead of drop and add: ticket.title=ticket.subject (a field) or ticket=issue (a model); repeatable' },
    { name: 'allow-data-loss', type: 'boolean', description: 'allow dropping tables and columns that may hold data' },
    { name: 'check', type: 'boolean', description: 'write nothing; exit 1 when the models changed since the latest migration (for CI)' },
    ...databaseOptions,
  ],
  examples: ['kit db:migrate', 'kit db:migrate --name "add due date"', 'kit db:migrate --rename ticket.title=ticket.subject', 'kit db:migrate --check'],
  readsEnvFile: true,
  run,
};
