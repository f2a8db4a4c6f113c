import { dirname, isAbsolute, relative } from 'node:path';
import type { CommandContext } from '../cli/command.js';
import { findDatabase, localFile } from '../app/database-target.js';
import { configFileName, loadAppConfig } from '../app/load-config.js';

/** Where the app lives in the image the Dockerfile builds (its `WORKDIR`). */
export const imageRoot = '/app';

/** Something that keeps an app to one process, and what would lift it. */
export interface SingleProcessReason {
  /** `the database is the SQLite file data/app.db, which one pod at a time can use`. */
  readonly reason: string;
  /** `move the data to PostgreSQL or MySQL (database in kit.config.ts)`. */
  readonly fix: string;
}

/** What the app needs from a deployment, read from its kit.config.ts (and `DATABASE_URL`). */
export interface AppNeeds {
  /** Why the app must run as one process (a SQLite file, approvals in memory); empty when it can run several. */
  readonly singleProcess: readonly SingleProcessReason[];
  /** The SQLite file, relative to the app when inside it (`data/app.db`), or null without one. */
  readonly sqliteFile: string | null;
  /** The folder of the container a volume holds for the SQLite file (`/app/data`), or null without one. */
  readonly dataFolder: string | null;
  /** Whether the app has a database, whose migrations `kit db:push` applies before the app starts. */
  readonly migrates: boolean;
}

/** An app without kit.config.ts or a database: nothing keeps it to one process. */
export const noNeeds: AppNeeds = { singleProcess: [], sqliteFile: null, dataFolder: null, migrates: false };

/**
 * Reads what a deployment of the app must provide: a database (then migrations run before the app
 * starts), a SQLite file (one pod, with a volume for the file's folder), approvals kept in the memory of
 * the process (one pod, or they would not be seen by another).
 */
export async function readAppNeeds(context: CommandContext): Promise<AppNeeds> {
  const config = await loadAppConfig(context.root);
  const database = await findDatabase(context);
  const reasons: SingleProcessReason[] = [];
  let sqliteFile: string | null = null;
  let dataFolder: string | null = null;
  const file = database === null ? null : localFile(database);
  if (file !== null) {
    const inside = relative(context.root, file);
    sqliteFile = inside.startsWith('..') || isAbsolute(inside) ? file : inside;
    const folder = dirname(sqliteFile);
    dataFolder = isAbsolute(folder) ? folder : folder === '.' ? null : `${imageRoot}/${folder}`;
    reasons.push({
      reason: `the database is the SQLite file ${sqliteFile}, which one pod at a time can use`,
      fix: `move the data to PostgreSQL or MySQL (database in ${configFileName})`,
    });
  }
  const approving = (config?.policies ?? []).filter((policy) => policy.effect === 'approve').map((policy) => policy.key);
  if (approving.length > 0 && config?.approvals?.store === undefined) {
    reasons.push({
      reason: `the approvals of policy ${approving.map((key) => `"${key}"`).join(', ')} live in the memory of the process (${configFileName} gives no approvals.store), so a pod would not see those made on another`,
      fix: `keep approvals in Redis (approvals: { store: new RedisStore({ url }) } in ${configFileName})`,
    });
  }
  return { singleProcess: reasons, sqliteFile, dataFolder, migrates: database !== null };
}
