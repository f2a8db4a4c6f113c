import { access, symlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { CreateKitAppError } from './create-kit-app-error.js';

/** Checks that `repository` is an installed kit repository; resolves to its node_modules folder. */
export async function workspaceModules(repository: string): Promise<string> {
  const modules = join(resolve(repository), 'node_modules');
  try {
    await access(join(modules, '@kit', 'kit-cli', 'package.json'));
  } catch {
    throw new CreateKitAppError(
      'link_not_workspace',
      `--link ${repository}: ${modules} has no @kit/kit-cli; pass the root of a kit repository where npm install has run.`,
    );
  }
  return modules;
}

/**
 * Makes the app use a kit repository's packages instead of the registry's: its node_modules becomes a
 * link to the repository's (`modules`, from `workspaceModules`), where npm workspaces already link every
 * @kit package to its folder. Used to try unreleased changes and by tests, which need no registry.
 */
export async function linkWorkspace(root: string, modules: string): Promise<void> {
  await symlink(modules, join(root, 'node_modules'), 'dir');
}
