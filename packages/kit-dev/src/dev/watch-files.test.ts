import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isIgnoredPath, watchFiles, type FileChange } from './watch-files.js';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'kit-watch-'));
  await mkdir(join(root, 'app'));
  await mkdir(join(root, 'node_modules'));
  await writeFile(join(root, 'app', 'a.css'), 'a {}');
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('watchFiles', () => {
  it('batches changes, ignores packages and hidden folders, and never loses a quick second save', async () => {
    const batches: (readonly FileChange[])[] = [];
    const watcher = await watchFiles(root, 20, (changes) => batches.push(changes));
    try {
      await writeFile(join(root, 'node_modules', 'x.js'), 'x');
      await writeFile(join(root, 'app', 'a.css'), 'a { color: red }');
      await new Promise((resolve) => setTimeout(resolve, 10));
      // Within chokidar's 50 ms window for repeated changes of one file: it drops this event itself.
      await writeFile(join(root, 'app', 'a.css'), 'a { color: blue }');
      await expect.poll(() => batches.length, { timeout: 3000 }).toBeGreaterThanOrEqual(2);
      const paths = batches.flat().map((change) => change.path);
      expect(paths.every((path) => path === join(root, 'app', 'a.css'))).toBe(true);
      await writeFile(join(root, 'app', 'b.tsx'), 'export {}');
      await expect
        .poll(() => batches.flat().some((change) => change.kind === 'add' && change.path.endsWith('b.tsx')), { timeout: 3000 })
        .toBe(true);
    } finally {
      await watcher.close();
    }
  });

  it('ignores node_modules and hidden folders below the root only', () => {
    expect(isIgnoredPath(root, join(root, 'node_modules', 'react', 'index.js'))).toBe(true);
    expect(isIgnoredPath(root, join(root, '.kit', 'dev', 'x.mjs'))).toBe(true);
    expect(isIgnoredPath(root, join(root, 'app', 'routes', 'index.page.tsx'))).toBe(false);
    expect(isIgnoredPath(join(root, '.hidden-parent'), join(root, '.hidden-parent', 'app', 'x.ts'))).toBe(false);
    expect(isIgnoredPath(root, root)).toBe(false);
  });
});
