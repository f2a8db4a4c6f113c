import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { KitDbError } from '../../errors/kit-db-error.js';
import type { Snapshot } from '../snapshot/snapshot.js';

/** One migration file of the folder. */
export interface MigrationFile {
  /** The file name without `.sql` (`0003_add_due_date`): what `kit_migrations` records. */
  readonly name: string;
  readonly path: string;
  readonly sql: string;
  /** SHA-256 of the content (hex), line endings counted as `\n`. */
  readonly checksum: string;
}

/** Folder of the snapshots, inside the migrations folder. */
export const snapshotFolder = 'meta';

/**
 * SHA-256 (hex) of a migration's content with `\r\n` read as `\n`, so a checkout that converts line
 * endings does not look like an edited migration.
 */
export function checksumOf(sql: string): string {
  return createHash('sha256').update(sql.replaceAll('\r\n', '\n')).digest('hex');
}

/**
 * The `.sql` files directly in `dir`, in name order (plain code-unit order, so `0010_…` follows
 * `0009_…`). `invalid_config` when the folder does not exist.
 */
export async function readMigrationFiles(dir: string, component: string): Promise<MigrationFile[]> {
  const entries = await listFolder(dir, component);
  const names = entries.filter((entry) => entry.endsWith('.sql')).sort(byName);
  const files: MigrationFile[] = [];
  for (const file of names) {
    const path = join(dir, file);
    if (!(await stat(path)).isFile()) continue;
    const sql = await readFile(path, 'utf8');
    files.push({ name: file.slice(0, -'.sql'.length), path, sql, checksum: checksumOf(sql) });
  }
  return files;
}

/** The number the next generated migration gets: one more than the highest leading number in the folder. */
export function nextMigrationNumber(names: readonly string[]): number {
  let highest = 0;
  for (const name of names) {
    const match = /^(\d+)/.exec(name);
    if (match !== null) highest = Math.max(highest, Number(match[1]));
  }
  return highest + 1;
}

/** `3` → `0003`: four digits at least, so names sort in order. */
export function formatMigrationNumber(number: number): string {
  return String(number).padStart(4, '0');
}

/** A name part: lower case letters, digits and `_`, at most 60 characters (`Add due date!` → `add_due_date`). */
export function migrationSlug(text: string): string {
  const slug = text
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return slug.slice(0, 60).replace(/_+$/, '');
}

/** Path of the snapshot of the migration numbered `number`: `<dir>/meta/0003_snapshot.json`. */
export function snapshotPath(dir: string, number: string): string {
  return join(dir, snapshotFolder, `${number}_snapshot.json`);
}

/** The snapshot with the highest number in `<dir>/meta`, or `null` when there is none yet. */
export async function readLatestSnapshot(
  dir: string,
  component: string,
): Promise<{ readonly path: string; readonly snapshot: Snapshot } | null> {
  let entries: string[];
  try {
    entries = await readdir(join(dir, snapshotFolder));
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
  const numbered = entries
    .map((entry) => ({ entry, match: /^(\d+)_snapshot\.json$/.exec(entry) }))
    .filter((item): item is { entry: string; match: RegExpExecArray } => item.match !== null)
    .sort((a, b) => Number(b.match[1]) - Number(a.match[1]));
  const latest = numbered[0];
  if (latest === undefined) return null;
  const path = join(dir, snapshotFolder, latest.entry);
  return { path, snapshot: parseSnapshot(await readFile(path, 'utf8'), path, component) };
}

/** Writes the migration and its snapshot; the folders are created when missing. */
export async function writeMigration(dir: string, fileName: string, sql: string, snapshotFile: string, snapshot: Snapshot): Promise<void> {
  await mkdir(join(dir, snapshotFolder), { recursive: true });
  // The snapshot goes first: a migration file without its snapshot would be diffed against an older one.
  await writeFile(snapshotFile, `${JSON.stringify(snapshot, null, 2)}\n`, { flag: 'wx' });
  await writeFile(join(dir, fileName), sql, { flag: 'wx' });
}

function parseSnapshot(text: string, path: string, component: string): Snapshot {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new KitDbError(
      'invalid_config',
      `${component}: ${path} is not valid JSON (${(error as Error).message}); restore it from version control.`,
      { cause: error },
    );
  }
  const snapshot = value as Partial<Snapshot> | null;
  if (
    snapshot === null ||
    typeof snapshot !== 'object' ||
    snapshot.kind !== 'kit-db-snapshot' ||
    snapshot.version !== 1 ||
    typeof snapshot.tables !== 'object'
  ) {
    throw new KitDbError('invalid_config', `${component}: ${path} is not a kit-db snapshot (version 1); restore it from version control.`);
  }
  return snapshot as Snapshot;
}

async function listFolder(dir: string, component: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if (isMissing(error)) {
      throw new KitDbError(
        'invalid_config',
        `${component}: the migrations folder ${dir} does not exist; generate the first migration with kit db:migrate, or pass the right dir.`,
        {
          cause: error,
        },
      );
    }
    throw error;
  }
}

function byName(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
}
