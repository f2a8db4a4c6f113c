import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import { writeRouteTree } from './generate-routes.js';

/**
 * Writes `tree` (`{ 'tickets/[id].page.tsx': '' }`) into a fresh temporary folder for the running test and
 * returns the folder's path; the folder is removed when the test ends.
 */
export async function routeTree(tree: Readonly<Record<string, string>>): Promise<string> {
  const { dir, remove } = await tempRouteTree(tree);
  onTestFinished(remove);
  return dir;
}

/** Writes `tree` into a fresh temporary folder; the caller removes it (for a tree shared by a suite). */
export async function tempRouteTree(tree: Readonly<Record<string, string>>): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'kit-router-'));
  const remove = () => rm(dir, { recursive: true, force: true });
  try {
    await writeRouteTree(dir, tree);
  } catch (error) {
    await remove();
    throw error;
  }
  return { dir, remove };
}

/** A tree of empty files from a list of relative paths. */
export function files(...paths: string[]): Record<string, string> {
  return Object.fromEntries(paths.map((path) => [path, '']));
}
