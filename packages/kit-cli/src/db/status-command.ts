import { existsSync } from 'node:fs';
import type { MigrationStatus } from '@kit/kit-db';
import type { CommandContext, CommandSpec } from '../cli/command.js';
import { exitCodes } from '../cli/exit-codes.js';
import { count, shortTime, table } from '../cli/table.js';
import { appKitDb } from '../app/app-kit-db.js';
import { isFolder, requireAppFolder } from '../app/app-folder.js';
import { localFile, resolveDatabase, shownUrl } from '../app/database-target.js';
import { loadAppModels, modelFiles } from '../app/load-models.js';
import { fromKitDbError } from './db-errors.js';
import { databaseOptions, migrationsDir, shownPath } from './db-options.js';
import { openDatabase } from './open-database.js';

const emptyStatus: MigrationStatus = { applied: [], pending: [], changed: [], missing: [] };

function upToDate(status: MigrationStatus): boolean {
  return status.pending.length === 0 && status.changed.length === 0 && status.missing.length === 0 && status.modelsChanged !== true;
}

function rows(status: MigrationStatus): string[][] {
  const changed = new Set(status.changed);
  const applied = status.applied.map((migration) => [
    changed.has(migration.name) ? 'changed' : status.missing.includes(migration.name) ? 'missing' : 'applied',
    migration.name,
    shortTime(migration.appliedAt),
  ]);
  return [...applied, ...status.pending.map((name) => ['pending', name, '-'])];
}

function advice(status: MigrationStatus): string[] {
  const lines: string[] = [];
  if (status.changed.length > 0)
    lines.push(
      `Changed since applied: ${status.changed.join(', ')}; restore these files (kit db:push refuses to run) and put new changes in a new migration.`,
    );
  if (status.missing.length > 0)
    lines.push(`Missing files of applied migrations: ${status.missing.join(', ')}; restore them from version control.`);
  if (status.pending.length > 0) lines.push('Run kit db:push to apply the pending migrations.');
  if (status.modelsChanged === true) lines.push('The models changed since the latest migration: run kit db:migrate.');
  return lines;
}

async function run(context: CommandContext) {
  requireAppFolder(context.root);
  const dir = migrationsDir(context);
  const target = await resolveDatabase(context);
  const kitDb = await appKitDb(context.root);
  const models = modelFiles(context.root).length > 0 ? (await loadAppModels(context.root, kitDb)).models : [];
  const file = localFile(target);
  // Reading must not create a database: a SQLite file that does not exist yet has nothing applied.
  const absent = file !== null && !existsSync(file);
  let status: MigrationStatus = emptyStatus;
  if (isFolder(dir)) {
    const db = await openDatabase(kitDb, target, context, absent ? ':memory:' : target.url);
    try {
      status = await kitDb.migrationStatus({ db, dir, ...(models.length > 0 ? { models } : {}) }).catch((error: unknown) => {
        throw fromKitDbError(error);
      });
    } finally {
      await db.close();
    }
  }
  if (!isFolder(dir) && models.length > 0) status = { ...status, modelsChanged: true };
  const check = context.flag('check');
  const ok = upToDate(status);
  if (context.flag('json')) {
    const json = {
      database: { provider: target.provider, url: shownUrl(target, context.root), source: target.source, exists: !absent },
      dir: shownPath(context.root, dir),
      applied: status.applied.map((migration) => ({ name: migration.name, appliedAt: migration.appliedAt.toISOString() })),
      pending: status.pending,
      changed: status.changed,
      missing: status.missing,
      modelsChanged: models.length > 0 ? status.modelsChanged === true : null,
      upToDate: ok,
    };
    context.out(JSON.stringify(json, null, 2));
    return check && !ok ? exitCodes.failed : exitCodes.ok;
  }
  const { style } = context;
  context.out(`Database: ${target.provider} ${shownUrl(target, context.root)} (from ${target.source})${absent ? ', not created yet' : ''}`);
  context.out(`Migrations: ${shownPath(context.root, dir)}/${isFolder(dir) ? '' : ' (none yet)'}`);
  const listed = rows(status);
  if (listed.length > 0) {
    context.out();
    for (const row of table(['STATUS', 'MIGRATION', 'APPLIED AT'], listed, style.out)) context.out(row);
  }
  context.out();
  const summary = [`${status.applied.length} applied`, `${status.pending.length} pending`];
  if (status.changed.length > 0) summary.push(`${status.changed.length} changed`);
  if (status.missing.length > 0) summary.push(`${status.missing.length} missing`);
  context.out(
    `${summary.join(', ')}.${models.length > 0 && status.modelsChanged !== true ? ` The models (${count(models.length, 'model')}) match the latest migration.` : ''}`,
  );
  for (const line of advice(status)) context.out(style.out.yellow(line));
  if (ok) context.out(style.out.green('Up to date.'));
  return check && !ok ? exitCodes.failed : exitCodes.ok;
}

/** `kit db:status`. */
export const dbStatusCommand: CommandSpec = {
  name: 'db:status',
  group: 'Database',
  summary: 'Shows migration status',
  usage: 'db:status [--json] [--check] [options]',
  description: `Lists the migrations the database has applied (with their time) and those still pending, applied
files that changed or disappeared since, and whether the models changed since the latest migration
(kit db:migrate would write one). It only reads: it creates neither the kit_migrations table nor a
missing SQLite file. With --check it exits 1 unless the database is up to date, for deployment checks.`,
  positionals: [],
  options: [
    { name: 'json', type: 'boolean', description: 'print the status as JSON, for scripts and agents' },
    { name: 'check', type: 'boolean', description: 'exit 1 when anything is pending, changed or missing, or the models changed' },
    ...databaseOptions,
  ],
  examples: ['kit db:status', 'kit db:status --json', 'kit db:status --check --url "$DATABASE_URL"'],
  readsEnvFile: true,
  run,
};
