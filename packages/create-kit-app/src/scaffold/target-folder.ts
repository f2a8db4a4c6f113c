import { mkdir, readdir } from 'node:fs/promises';
import { CreateKitAppError } from './create-kit-app-error.js';

// A fresh `git init` or a Finder file does not make a folder "used".
const ignorable = new Set(['.git', '.DS_Store']);

/** Creates `root` when missing; refuses one that holds files, so nothing of the developer's is overwritten. */
export async function prepareFolder(root: string, shownAs: string): Promise<void> {
  await mkdir(root, { recursive: true });
  const entries = (await readdir(root)).filter((entry) => !ignorable.has(entry)).sort();
  if (entries.length === 0) return;
  const shown = entries.slice(0, 3).join(', ') + (entries.length > 3 ? ` and ${entries.length - 3} more` : '');
  throw new CreateKitAppError(
    'folder_not_empty',
    `the folder ${shownAs} is not empty (it holds ${shown}); choose a new or empty folder, for example create-kit-app my-app.`,
  );
}
