import { existsSync } from 'node:fs';
import type { CommandContext } from '../cli/command.js';
import { count } from '../cli/table.js';
import { appKitDb, type KitDbModule } from '../app/app-kit-db.js';
import { isFolder } from '../app/app-folder.js';
import { localFile, shownUrl, type DatabaseTarget } from '../app/database-target.js';
import { fromKitDbError } from './db-errors.js';
import { openDatabase } from './open-database.js';

/** What a database has applied of a migrations folder, as `kit db:migrate`, `kit dev` and `kit start` need it. */
export interface MigrationProgress {
  /** The database as people read it: `sqlite data/app.db`, a server URL without its password. */
  readonly where: string;
  /** Whether the database exists yet (a SQLite file not created yet has applied nothing). */
  readonly exists: boolean;
  /** Names of the migrations the database recorded, in the order it applied them. */
  readonly applied: readonly string[];
  /** Names of the files of the folder it has not applied, in the order `kit db:push` would apply them. */
  readonly pending: readonly string[];
}

/**
 * Reads which migrations of `dir` the database of `target` has applied, without writing anything: a
 * SQLite file that does not exist yet is not created (it has applied nothing), and neither is the
 * `kit_migrations` table. Null when `dir` is not a folder. A database that cannot be reached throws the
 * command's error (exit 3).
 */
export async function readMigrationProgress(
  context: CommandContext,
  dir: string,
  target: DatabaseTarget,
  kitDb?: KitDbModule,
): Promise<MigrationProgress | null> {
  if (!isFolder(dir)) return null;
  const db = kitDb ?? (await appKitDb(context.root));
  const file = localFile(target);
  const exists = file === null || existsSync(file);
  const database = await openDatabase(db, target, context, exists ? target.url : ':memory:');
  try {
    const status = await db.migrationStatus({ db: database, dir }).catch((error: unknown) => {
      throw fromKitDbError(error);
    });
    return {
      where: `${target.provider} ${shownUrl(target, context.root)}`,
      exists,
      applied: status.applied.map((migration) => migration.name),
      pending: status.pending,
    };
  } finally {
    await database.close();
  }
}

/**
 * The warning `kit dev` and `kit start` print when the database lacks migrations of the app, or null
 * when it has them all: requests that use the missing tables fail until `kit db:push` applies them.
 */
export function pendingMigrationsWarning(progress: MigrationProgress): string | null {
  const { pending } = progress;
  if (pending.length === 0) return null;
  const names = pending.length <= 3 ? pending.join(', ') : `${pending.slice(0, 3).join(', ')} and ${pending.length - 3} more`;
  const state = progress.exists
    ? `${progress.where} has not applied ${count(pending.length, 'migration')} of migrations/ (${names})`
    : `${progress.where} does not exist yet and ${count(pending.length, 'migration')} of migrations/ ${pending.length === 1 ? 'is' : 'are'} waiting (${names})`;
  return `Warning: ${state}; run kit db:push to apply ${pending.length === 1 ? 'it' : 'them'}, or requests that use ${pending.length === 1 ? 'its' : 'their'} tables fail (such as "no such table").`;
}
