import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { LibrarySettingsError } from './sources.js';

const run = promisify(execFile);
/** Where a git version was declared: the library and version, and the settings file and key when it came from one. */
export interface GitVersionPlace {
  readonly label: string;
  readonly file?: string;
  readonly key?: string;
}

/** An error about one field of a git version, reported at its key of the settings file when there is one. */
function misplaced(where: GitVersionPlace, field: string, message: string): LibrarySettingsError {
  return new LibrarySettingsError(where.file ?? where.label, [
    { path: where.key ? `${where.key}.${field}` : field, message: where.file ? `${where.label}: ${message}` : message },
  ]);
}

/** Reading refs and writing a docs folder are local operations; a repository that takes longer is refused rather than waited on. */
const gitTimeoutMs = 60_000;

/**
 * The docs folder of `repository` at `ref`, as files on disk: `git archive` of the resolved commit,
 * unpacked once into `cacheDirectory` under the commit's hash (a tag or branch that moves gives a new
 * folder at the next reload). Nothing is fetched: the repository must already hold the ref.
 */
export async function gitFolder(
  source: { readonly repository: string; readonly ref: string; readonly path: string },
  cacheDirectory: string,
  library: string,
  where: GitVersionPlace,
): Promise<{ readonly directory: string; readonly commit: string }> {
  const commit = await resolveCommit(source, where);
  const path = source.path.replace(/^\/+|\/+$/g, '') || '.';
  const key = createHash('sha256').update(`${commit}\n${path}`).digest('hex').slice(0, 24);
  // The checkout is unpacked into a folder named after the library, since a folder without settings
  // takes its title from its name (or its parent's, for `docs`).
  const holder = join(cacheDirectory, `git-${key}`);
  const target = join(holder, library);
  const folder = path === '.' ? target : join(target, path);
  if (await isDirectory(folder)) return { directory: folder, commit };
  const partial = `${holder}.${process.pid}.${Date.now()}.partial`;
  await mkdir(join(partial, library), { recursive: true });
  try {
    await archiveInto(source.repository, commit, path, join(partial, library), where);
    await rename(partial, holder).catch(async (error: NodeJS.ErrnoException) => {
      // Another process unpacked the same commit meanwhile: keep theirs.
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    });
  } finally {
    await rm(partial, { recursive: true, force: true });
  }
  if (!(await isDirectory(folder)))
    throw misplaced(
      where,
      'path',
      `"${path}" is not a folder of ${source.repository} at ${source.ref}; name the docs folder inside the repository`,
    );
  return { directory: folder, commit };
}

async function resolveCommit(source: { readonly repository: string; readonly ref: string }, where: GitVersionPlace): Promise<string> {
  if (!(await isDirectory(source.repository)))
    throw misplaced(where, 'git', `${source.repository} is not a folder; give the path of a local git repository`);
  if (source.ref.startsWith('-')) throw misplaced(where, 'ref', `"${source.ref}" is not a tag, branch or commit`);
  try {
    const { stdout } = await run('git', ['-C', source.repository, 'rev-parse', '--verify', '--quiet', `${source.ref}^{commit}`], {
      timeout: gitTimeoutMs,
    });
    return stdout.trim();
  } catch {
    throw misplaced(
      where,
      'ref',
      `"${source.ref}" is not a tag, branch or commit of ${source.repository}; list them with: git -C ${source.repository} tag --list; git -C ${source.repository} branch --all`,
    );
  }
}

/**
 * Settings files a generator keeps beside its docs folder rather than in it: `mkdocs.yml` names the
 * navigation and the site, so a version read from `docs` of an MkDocs project needs it too.
 */
const sideSettings = ['mkdocs.yml', 'mkdocs.yaml'];

async function archiveInto(repository: string, commit: string, path: string, target: string, where: GitVersionPlace): Promise<void> {
  const parent = path === '.' || !path.includes('/') ? '' : path.slice(0, path.lastIndexOf('/') + 1);
  const beside =
    path === '.'
      ? []
      : (
          await run('git', ['-C', repository, 'ls-tree', '--name-only', commit, ...sideSettings.map((name) => `${parent}${name}`)], {
            timeout: gitTimeoutMs,
          }).catch(() => ({ stdout: '' }))
        ).stdout
          .split('\n')
          .filter(Boolean);
  const archive = spawn('git', ['-C', repository, 'archive', '--format=tar', commit, '--', path, ...beside], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const untar = spawn('tar', ['-x', '-C', target], { stdio: ['pipe', 'ignore', 'pipe'] });
  archive.stdout.pipe(untar.stdin);
  untar.stdin.on('error', () => undefined);
  let errors = '';
  archive.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  untar.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const timer = setTimeout(() => {
    archive.kill();
    untar.kill();
  }, gitTimeoutMs);
  const codes = await Promise.all([exitCode(archive), exitCode(untar)]).finally(() => clearTimeout(timer));
  if (codes.some((code) => code !== 0))
    throw misplaced(
      where,
      'path',
      `git archive of "${path}" at ${commit.slice(0, 12)} failed: ${errors.trim().split('\n')[0] || 'no output'}`,
    );
}

/** The exit code of a child, or 1 when it could not be started; settles once whatever the child reports. */
function exitCode(child: ChildProcess): Promise<number> {
  return new Promise((resolvePromise) => {
    child.once('error', () => resolvePromise(1));
    child.once('close', (code) => resolvePromise(code ?? 1));
  });
}

async function isDirectory(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isDirectory() ?? false;
}
