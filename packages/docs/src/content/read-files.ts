import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

/** A file of the content directory with its text. */
export interface ContentFile {
  readonly path: string;
  /** Path relative to the content directory, with `/` separators. */
  readonly relativePath: string;
  readonly text: string;
}

/**
 * Reads every file below `directory` (recursively, sorted by path so that loading is deterministic),
 * skipping dot-files. This is the only place where content touches the disk.
 */
export async function readContentFiles(directory: string): Promise<ContentFile[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true });
  const paths = entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !relative(directory, path).split('/').some((part) => part.startsWith('.')))
    .sort();
  return Promise.all(
    paths.map(async (path) => ({
      path,
      relativePath: relative(directory, path).split('\\').join('/'),
      text: await readFile(path, 'utf8'),
    })),
  );
}
