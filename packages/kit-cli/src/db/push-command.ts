import { usageError } from '../cli/cli-error.js';
import type { CommandContext, CommandSpec } from '../cli/command.js';
import { exitCodes } from '../cli/exit-codes.js';
import { count, table } from '../cli/table.js';
import { appKitDb } from '../app/app-kit-db.js';
import { isFolder, requireAppFolder } from '../app/app-folder.js';
import { ensureLocalFolder, resolveDatabase, shownUrl } from '../app/database-target.js';
import { fromKitDbError } from './db-errors.js';
import { databaseOptions, migrationsDir, shownPath } from './db-options.js';
import { openDatabase } from './open-database.js';

async function run(context: CommandContext) {
  requireAppFolder(context.root);
  const dir = migrationsDir(context);
  if (!isFolder(dir)) {
    // Nothing to apply is not a failure: a new app has no migrations until its first model.
    context.out(
      `Nothing to apply: there is no migrations folder at ${shownPath(context.root, dir)}/. kit db:migrate writes the first migration once the app has a model in app/models/.`,
    );
    return exitCodes.ok;
  }
  const target = await resolveDatabase(context);
  const lockTimeout = context.string('lock-timeout');
  const lockTimeoutMs = lockTimeout === undefined ? undefined : Number(lockTimeout);
  if (lockTimeoutMs !== undefined && !(Number.isInteger(lockTimeoutMs) && lockTimeoutMs > 0)) {
    throw usageError(`--lock-timeout must be a whole number of milliseconds above 0, got "${lockTimeout}"`);
  }
  const kitDb = await appKitDb(context.root);
  ensureLocalFolder(target);
  const db = await openDatabase(kitDb, target, context);
  const where = `${target.provider} ${shownUrl(target, context.root)}`;
  try {
    const result = await kitDb
      .applyMigrations({ db, dir, ...(lockTimeoutMs === undefined ? {} : { lockTimeoutMs }) })
      .catch((error: unknown) => {
        throw fromKitDbError(error);
      });
    if (result.applied.length === 0 && result.skipped.length === 0) {
      context.out(`The database (${where}) is up to date: no pending migration in ${shownPath(context.root, dir)}/.`);
      return exitCodes.ok;
    }
    if (result.applied.length > 0) {
      context.out(`${context.style.out.green('Applied')} ${count(result.applied.length, 'migration')} to ${where}:`);
      for (const row of table(
        ['MIGRATION', 'TIME'],
        result.applied.map((migration) => [migration.name, `${Math.round(migration.durationMs)} ms`]),
        context.style.out,
      ))
        context.out(row);
    }
    if (result.skipped.length > 0) context.out(`Applied meanwhile by another process: ${result.skipped.join(', ')}.`);
    return exitCodes.ok;
  } finally {
    await db.close();
  }
}

/** `kit db:push`. */
export const dbPushCommand: CommandSpec = {
  name: 'db:push',
  group: 'Database',
  summary: 'Applies pending migrations',
  usage: 'db:push [--url <url>] [options]',
  description: `Applies the migrations of migrations/ that the database has not recorded in its kit_migrations table,
in name order, each in its own transaction. Before anything runs, every applied file is compared with
its recorded checksum: an edited one stops the run (exit 1). A SQLite file and its folder are created
when missing. Concurrent runs are safe: each waits for the migration lock. Without a migrations
folder there is nothing to apply, which it says (exit 0).`,
  positionals: [],
  options: [
    ...databaseOptions,
    {
      name: 'lock-timeout',
      type: 'string',
      value: '<ms>',
      description: "longest wait for another run's migration lock, in milliseconds (default 60000)",
    },
  ],
  examples: ['kit db:push', 'kit db:push --url postgres://app:secret@db:5432/app', 'DATABASE_URL=data/test.db kit db:push'],
  readsEnvFile: true,
  run,
};
