import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/**
 * Fresh folders under the system's temp folder for the tests of one file (database files, working
 * directories of child processes), all removed after the file's last test. Call it at the top of the file;
 * each call of the function it returns makes a new empty folder whose name starts with `prefix`.
 */
export function useTempFolders(prefix: string): () => string {
  const folders: string[] = [];
  afterAll(() => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });
  return () => {
    const folder = mkdtempSync(join(tmpdir(), prefix));
    folders.push(folder);
    return folder;
  };
}
