import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { CommandContext, OptionSpec } from '../cli/command.js';

/** Options of the three database commands. */
export const databaseOptions: readonly OptionSpec[] = [
  {
    name: 'url',
    type: 'string',
    value: '<url>',
    description:
      'the database (default: database of kit.config.ts, else DATABASE_URL); a SQLite path, file:, libsql://, postgres:// or mysql:// URL',
  },
  {
    name: 'provider',
    type: 'string',
    value: '<name>',
    description: 'sqlite, libsql, postgres or mysql (default: from the configuration, or implied by the URL)',
  },
  { name: 'dir', type: 'string', value: '<dir>', description: 'the migrations folder (default: migrations)' },
];

/** The migrations folder: `--dir`, else `<root>/migrations`. */
export function migrationsDir(context: CommandContext): string {
  return resolve(context.root, context.string('dir') ?? 'migrations');
}

/** A path for people to read: relative to the root when inside it. */
export function shownPath(root: string, path: string): string {
  const shown = relative(root, path);
  return shown === '' ? '.' : shown.startsWith('..') ? path : shown;
}

/** The dialect written in the latest snapshot of a migrations folder, or null when it has none. */
export function latestSnapshotDialect(dir: string): 'sqlite' | 'postgres' | 'mysql' | null {
  const meta = join(dir, 'meta');
  if (!existsSync(meta)) return null;
  const latest = readdirSync(meta)
    .filter((name) => /^\d+_snapshot\.json$/.test(name))
    .sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10))
    .at(-1);
  if (latest === undefined) return null;
  try {
    const dialect = (JSON.parse(readFileSync(join(meta, latest), 'utf8')) as { dialect?: unknown }).dialect;
    return dialect === 'sqlite' || dialect === 'postgres' || dialect === 'mysql' ? dialect : null;
  } catch {
    return null;
  }
}
