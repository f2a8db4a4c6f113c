import { statSync } from 'node:fs';
import { join } from 'node:path';
import { environmentError } from '../cli/cli-error.js';

function kindOf(path: string): 'file' | 'folder' | 'missing' {
  try {
    return statSync(path).isDirectory() ? 'folder' : 'file';
  } catch {
    return 'missing';
  }
}

/** Whether a path is an existing folder. */
export function isFolder(path: string): boolean {
  return kindOf(path) === 'folder';
}

/** Whether a path is an existing file. */
export function isFile(path: string): boolean {
  return kindOf(path) === 'file';
}

/**
 * Checks that `root` is an app's folder (a folder with a package.json) before a command reads it, so
 * running a command in the wrong place says so instead of failing further in.
 */
export function requireAppFolder(root: string): void {
  if (!isFolder(root)) throw environmentError(`there is no folder ${root}; run the command in your app's folder or pass --root <dir>`);
  if (!isFile(join(root, 'package.json'))) {
    throw environmentError(
      `${root} is not a kit app (it has no package.json); run the command in your app's folder, pass --root <dir>, or create an app with npx create-kit-app`,
    );
  }
}
