import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The fixture app of the package's tests, exercising every route convention. */
export const fixtureApp = fileURLToPath(new URL('../../test/fixture-app', import.meta.url));

const repositoryModules = fileURLToPath(new URL('../../../../node_modules', import.meta.url));

/** A copy of the fixture app in a temporary folder. */
export interface FixtureCopy {
  readonly root: string;
  remove(): Promise<void>;
}

/**
 * Copies the fixture app into a fresh temporary folder with the repository's `node_modules` linked in
 * (so its bundles resolve React and kit), leaving the repository's fixture untouched by builds and edits.
 */
export async function copyFixture(): Promise<FixtureCopy> {
  const root = await mkdtemp(join(tmpdir(), 'kit-fixture-'));
  await cp(fixtureApp, root, { recursive: true, filter: (source) => !source.includes(`${join(fixtureApp, '.kit')}`) });
  await symlink(repositoryModules, join(root, 'node_modules'), 'dir');
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}
