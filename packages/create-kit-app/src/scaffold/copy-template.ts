import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';

/** The words replaced in template files: `{{title}}` gives the value of `title`. */
export type TemplateValues = Readonly<Record<string, string>>;

// npm leaves .gitignore and .env files out of published packages, so templates keep them without the dot.
const renamed: Readonly<Record<string, string>> = { gitignore: '.gitignore', env: '.env' };

// Folders that tools make inside a template folder when it is worked on in place (a test runner's cache,
// an install, a build): never part of the template.
const ignoredFolders = new Set(['node_modules', '.kit', 'dist', 'data']);

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((path) => !path.split('/').some((part) => ignoredFolders.has(part)))
    .sort();
}

/** Fills `{{word}}` markers; a marker without a value is left as is so a missing value shows in the output. */
export function fillTemplate(text: string, values: TemplateValues): string {
  return text.replace(/\{\{([a-zA-Z]+)\}\}/g, (marker, word: string) => values[word] ?? marker);
}

/** Copies every file of `template` into `root` with its markers filled; resolves to the written paths (relative, `/`-separated). */
export async function copyTemplate(template: string, root: string, values: TemplateValues): Promise<string[]> {
  const written: string[] = [];
  for (const path of await filesUnder(template)) {
    const target = renamed[path] ?? path;
    const text = await readFile(join(template, path), 'utf8');
    await mkdir(dirname(join(root, target)), { recursive: true });
    await writeFile(join(root, target), fillTemplate(text, values));
    written.push(target);
  }
  return written;
}
