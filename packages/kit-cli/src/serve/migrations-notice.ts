import { join } from 'node:path';
import type { CommandContext } from '../cli/command.js';
import { isFolder } from '../app/app-folder.js';
import { findDatabase } from '../app/database-target.js';
import { pendingMigrationsWarning, readMigrationProgress } from '../db/pending-migrations.js';

/**
 * While a server starts: warns on standard error when the app's database (the `database` of
 * kit.config.ts, else `DATABASE_URL`) has not applied every migration of `migrations/`, naming
 * `kit db:push`. It only reads, and says nothing when the app has no migrations or no database, or when
 * either cannot be read: the server then reports what it cannot use itself. Never rejects.
 */
export async function warnAboutPendingMigrations(context: CommandContext): Promise<void> {
  const dir = join(context.root, 'migrations');
  if (!isFolder(dir)) return;
  try {
    const target = await findDatabase(context);
    if (target === null) return;
    const progress = await readMigrationProgress(context, dir, target);
    const warning = progress === null ? null : pendingMigrationsWarning(progress);
    if (warning !== null) context.err(context.style.err.yellow(warning));
  } catch {
    // A configuration that does not load, or a database that cannot be reached: the server says so.
  }
}
