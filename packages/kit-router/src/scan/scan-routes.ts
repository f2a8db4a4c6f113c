import { readdir, realpath, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { KitRouterError } from '../errors.js';
import type { RouteDiagnostic, RouteManifest } from '../manifest.js';
import { joinPath } from '../paths.js';
import { buildManifest } from './build-manifest.js';
import { diagnostic } from './diagnostics.js';

/**
 * Scans a folder of route files (an app's `app/routes`) into a route manifest: the routes in match
 * precedence order with their layout and middleware chains, the not-found pages, and diagnostics for
 * every file it could not use. Problems inside the folder never throw; they are diagnostics, so all of
 * them show at once. Hidden entries (`.name`) and `node_modules` are skipped; symbolic links are followed,
 * except one that leads back to a folder it sits in. The same tree always gives a deeply equal manifest.
 *
 * @param dir The routes folder, absolute or relative to the current working directory.
 * @throws KitRouterError `routes_dir_invalid` (not a path), `routes_dir_missing`, `routes_dir_not_a_folder`
 *   or `routes_dir_unreadable`.
 *
 * @example
 * ```ts
 * import { matchRoute, scanRoutes } from '@kit/kit-router';
 *
 * const manifest = await scanRoutes('app/routes');
 * for (const problem of manifest.diagnostics) console.warn(`${problem.severity}: ${problem.message}. ${problem.fix}`);
 * for (const route of manifest.routes) console.log(route.kind, route.pattern, route.file);
 * console.log(matchRoute('/tickets/42', manifest)?.params); // { id: '42' } with tickets/[id].page.tsx
 * ```
 */
export async function scanRoutes(dir: string): Promise<RouteManifest> {
  if (typeof dir !== 'string' || dir.trim() === '') {
    const shown = typeof dir === 'string' ? 'an empty string' : `a ${dir === null ? 'null' : typeof dir}`;
    throw new KitRouterError(
      'routes_dir_invalid',
      String(dir),
      `scanRoutes(dir) needs the path of a routes folder, such as 'app/routes', and got ${shown}`,
    );
  }
  const root = resolve(dir);
  await checkRoot(dir, root);
  const files: string[] = [];
  const problems: RouteDiagnostic[] = [];
  let rootEntries: Awaited<ReturnType<typeof list>>;
  try {
    rootEntries = await list(root);
  } catch (error) {
    throw unreadableRoot(root, error);
  }
  await walkEntries(rootEntries, root, '', [await realpath(root)], files, problems);
  return buildManifest(root, files, problems);
}

async function checkRoot(dir: string, root: string): Promise<void> {
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(root);
  } catch (error) {
    const code = errorCode(error);
    if (code !== 'ENOENT' && code !== 'ENOTDIR') throw unreadableRoot(root, error);
    const from = isAbsolute(dir) ? '' : ` (the path "${dir}" taken from ${process.cwd()})`;
    throw new KitRouterError(
      'routes_dir_missing',
      root,
      `scanRoutes found no routes folder at ${root}${from}; create it, or pass the folder that holds your *.page.tsx and *.api.ts files, such as 'app/routes'`,
      { cause: error },
    );
  }
  if (!info.isDirectory()) {
    throw new KitRouterError(
      'routes_dir_not_a_folder',
      root,
      `scanRoutes needs a folder, but ${root} is a file; pass the folder that holds the route files (such as ${dirname(root)})`,
    );
  }
}

function unreadableRoot(root: string, error: unknown): KitRouterError {
  return new KitRouterError(
    'routes_dir_unreadable',
    root,
    `scanRoutes could not read the routes folder ${root} (${errorCode(error) ?? String(error)}); let the user running the process read it (chmod a+rx) or pass another folder`,
    { cause: error },
  );
}

function list(folder: string) {
  return readdir(folder, { withFileTypes: true });
}

/**
 * Walks one folder's entries: files are collected, folders walked in parallel. `ancestors` holds the
 * real paths of the folders above, so a symbolic link that leads back into one of them is not followed
 * (it would never end); a link to anywhere else is walked like a folder of its own.
 */
async function walkEntries(
  entries: Awaited<ReturnType<typeof list>>,
  folder: string,
  relative: string,
  ancestors: readonly string[],
  files: string[],
  problems: RouteDiagnostic[],
): Promise<void> {
  const below: Promise<void>[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const path = join(folder, entry.name);
    const relativePath = joinPath(relative, entry.name);
    if (entry.isFile()) files.push(relativePath);
    else if (entry.isDirectory())
      below.push(walkFolder(path, relativePath, [...ancestors, join(ancestors.at(-1) as string, entry.name)], files, problems));
    else if (entry.isSymbolicLink()) below.push(followLink(path, relativePath, ancestors, files, problems));
  }
  await Promise.all(below);
}

async function walkFolder(
  folder: string,
  relative: string,
  ancestors: readonly string[],
  files: string[],
  problems: RouteDiagnostic[],
): Promise<void> {
  let entries: Awaited<ReturnType<typeof list>>;
  try {
    entries = await list(folder);
  } catch (error) {
    problems.push(
      diagnostic(
        'unreadable_entry',
        [relative],
        `The folder ${relative} could not be read (${errorCode(error) ?? String(error)}); the route files in it are left out`,
        `Let the user running the process read ${relative} (chmod a+rx), or move it out of the routes folder.`,
      ),
    );
    return;
  }
  await walkEntries(entries, folder, relative, ancestors, files, problems);
}

async function followLink(
  path: string,
  relative: string,
  ancestors: readonly string[],
  files: string[],
  problems: RouteDiagnostic[],
): Promise<void> {
  let target: Awaited<ReturnType<typeof stat>>;
  let real: string;
  try {
    target = await stat(path);
    real = await realpath(path);
  } catch (error) {
    problems.push(
      diagnostic(
        'unreadable_entry',
        [relative],
        `${relative} is a symbolic link whose target cannot be read (${errorCode(error) ?? String(error)}); it is left out`,
        `Point ${relative} at an existing file or folder, or delete the link.`,
      ),
    );
    return;
  }
  if (target.isFile()) files.push(relative);
  else if (target.isDirectory() && !ancestors.includes(real)) await walkFolder(path, relative, [...ancestors, real], files, problems);
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}
