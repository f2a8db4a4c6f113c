import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import { assembleContent, type Content } from '../content/index.js';
import { readContentDirectory } from '../content/load.js';

const contentModuleDirectory = fileURLToPath(new URL('../content/', import.meta.url));
const packageDirectory = fileURLToPath(new URL('../../', import.meta.url));
/** Snapshots kept beyond those this process has used: old versions of folders, for a quick roll back. */
const spareSnapshots = 5;
/** Snapshots this process has read or written: a service of many libraries keeps one per folder. */
const usedSnapshots = new Set<string>();

/** Where content snapshots are kept: `KIT_DOCS_CACHE_DIR`, else the package's `node_modules/.cache`, else a per-user temporary directory. */
export function snapshotDirectories(): string[] {
  const configured = process.env.KIT_DOCS_CACHE_DIR;
  if (configured) return [configured];
  return [join(packageDirectory, 'node_modules', '.cache', 'kit-docs'), join(tmpdir(), `kit-docs-cache-${userInfo().uid}`)];
}

/**
 * Loads a content directory, reusing the result of an earlier start when nothing it depends on has
 * changed. Parsing and validating the Markdown is most of the start-up time, while the result is
 * plain data: it is kept as a V8 serialisation keyed by a hash of every content file (path and
 * bytes), of the loader's own code, and of the Node version, so any edit, upgrade or move gives a
 * new key and a fresh load. Invalid content is never kept; its errors are thrown as by `loadContent`.
 */
export async function loadContentWithSnapshot(directory: string): Promise<Content> {
  const root = resolve(directory);
  const { files, images } = await readContentDirectory(root);
  const hash = createHash('sha256')
    .update(`${process.version} ${process.arch}\n`)
    .update(await loaderFingerprint());
  for (const file of [...files].sort((a, b) => a.path.localeCompare(b.path)))
    hash.update(`${file.path}\n${file.text.length}\n`).update(file.text);
  for (const [path, image] of [...images.images].sort(([a], [b]) => a.localeCompare(b))) hash.update(`${path}\n${image.etag}\n`);
  for (const { file, reason } of images.skipped) hash.update(`${file}\n${reason}\n`);
  const name = `content-${hash.digest('base64url')}.v8`;
  for (const folder of snapshotDirectories()) {
    if (!(await isTrusted(folder))) continue;
    const snapshot = await readFile(join(folder, name)).catch(() => undefined);
    if (snapshot) {
      try {
        const content = deserialize(snapshot) as Content;
        usedSnapshots.add(name);
        // Pruning keeps the newest files, so a snapshot in use is marked as new.
        const now = new Date();
        await utimes(join(folder, name), now, now).catch(() => undefined);
        return content;
      } catch {
        // A damaged snapshot is ignored and replaced below.
      }
    }
  }
  const content = assembleContent(root, files, images);
  usedSnapshots.add(name);
  await saveSnapshot(name, content);
  return content;
}

let fingerprint: Promise<string> | undefined;

/** A hash of the loader's code (its compiled or source files) and of the package version. */
function loaderFingerprint(): Promise<string> {
  fingerprint ??= (async () => {
    const hash = createHash('sha256');
    hash.update(await readFile(join(packageDirectory, 'package.json')).catch(() => Buffer.alloc(0)));
    // The loader spans sub-folders (markup/, folder/), so every module below it counts.
    const names = (await readdir(contentModuleDirectory, { recursive: true }))
      .filter((name) => /\.(?:js|ts)$/.test(name) && !name.endsWith('.d.ts') && !/\.test\.[jt]s$/.test(name))
      .sort();
    for (const name of names) hash.update(name).update(await readFile(join(contentModuleDirectory, name)));
    return hash.digest('base64url');
  })();
  return fingerprint;
}

/** Writes a snapshot where it can (best effort: a read-only disk only costs the next start its speed-up). */
async function saveSnapshot(name: string, content: Content): Promise<void> {
  const bytes = serialize(content);
  for (const folder of snapshotDirectories()) {
    try {
      await mkdir(folder, { recursive: true, mode: 0o755 });
      if (!(await isTrusted(folder))) continue;
      const temporary = join(folder, `${name}.${process.pid}.tmp`);
      await writeFile(temporary, bytes, { mode: 0o644 });
      // Renaming is atomic, so a concurrent start never reads half a file.
      await rename(temporary, join(folder, name));
      await pruneSnapshots(folder);
      return;
    } catch {
      // Try the next place.
    }
  }
}

/**
 * A folder of the snapshot places that this user owns and only this user writes to, created when
 * needed: where git versions are unpacked too, so nobody else can plant files in them.
 */
export async function trustedCacheDirectory(): Promise<string> {
  for (const folder of snapshotDirectories()) {
    await mkdir(folder, { recursive: true, mode: 0o755 }).catch(() => undefined);
    if (await isTrusted(folder)) return folder;
  }
  throw new Error(
    `kit docs: no cache folder this user alone can write (tried ${snapshotDirectories().join(', ')}); set KIT_DOCS_CACHE_DIR to one`,
  );
}

/**
 * A snapshot is only read from a folder this user or root owns and nobody else can write to, so
 * another account on the machine cannot plant content (the temporary directory is shared).
 */
async function isTrusted(folder: string): Promise<boolean> {
  const info = await stat(folder).catch(() => undefined);
  if (!info?.isDirectory()) return false;
  const owner = info.uid === 0 || info.uid === process.getuid?.();
  return owner && (info.mode & 0o022) === 0;
}

async function pruneSnapshots(folder: string): Promise<void> {
  const names = (await readdir(folder)).filter((name) => name.startsWith('content-') && name.endsWith('.v8'));
  if (names.length <= usedSnapshots.size + spareSnapshots) return;
  const dated = await Promise.all(
    names.map(async (name) => ({ name, time: (await stat(join(folder, name)).catch(() => undefined))?.mtimeMs ?? 0 })),
  );
  dated.sort((a, b) => b.time - a.time);
  const unused = dated.filter(({ name }) => !usedSnapshots.has(name));
  await Promise.all(unused.slice(spareSnapshots).map(({ name }) => rm(join(folder, name), { force: true })));
}
