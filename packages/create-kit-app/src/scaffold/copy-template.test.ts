import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copyTemplate } from './copy-template.js';

let folder: string;
afterEach(() => rmSync(folder, { recursive: true, force: true }));

describe('copyTemplate', () => {
  it('copies the template and leaves out what tools left in its folder (node_modules, .kit, dist, data)', async () => {
    folder = mkdtempSync(join(tmpdir(), 'kit-copy-template-'));
    const template = join(folder, 'template');
    for (const path of [
      'app/routes/index.page.tsx',
      'gitignore',
      'node_modules/.vite/results.json',
      '.kit/tsc/verify.tsbuildinfo',
      'dist/x.js',
      'data/app.db',
    ]) {
      mkdirSync(join(template, path, '..'), { recursive: true });
      writeFileSync(join(template, path), 'export const title = "{{title}}";\n');
    }
    const written = await copyTemplate(template, join(folder, 'app'), { title: 'Help desk' });
    expect([...written].sort()).toEqual(['.gitignore', 'app/routes/index.page.tsx']);
  });
});
