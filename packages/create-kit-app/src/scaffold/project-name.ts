import { basename } from 'node:path';
import { CreateKitAppError } from './create-kit-app-error.js';

/**
 * The package name of an app in `root`: its folder's name made a valid npm name (lower case; characters
 * npm refuses become hyphens), so `My App` gives `my-app`.
 */
export function packageNameOf(root: string): string {
  const name = basename(root)
    .toLowerCase()
    .replace(/[^a-z0-9._~-]+/g, '-')
    .replace(/^[._-]+|[-]+$/g, '');
  if (name === '' || name.length > 214)
    throw new CreateKitAppError(
      'bad_project_name',
      `cannot make a package name of the folder name "${basename(root)}"; choose a folder name with letters or digits, such as my-app.`,
    );
  return name;
}

/** A display title from a package name: `help-desk` gives `Help desk`. */
export function titleOf(packageName: string): string {
  const words = packageName.replace(/[._~-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
