import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cssModulesPlugin, realInput } from './css-modules-plugin.js';
import { loadEsbuild } from './esbuild.js';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'kit-css-'));
  await mkdir(join(root, 'sub'));
  await writeFile(join(root, 'card.module.css'), '.title { color: red; }\n.body { color: blue; }\n');
  await writeFile(join(root, 'sub', 'card.module.css'), '.title { color: green; }\n');
  await writeFile(
    join(root, 'both.js'),
    "import a from './card.module.css';\nimport b from './sub/card.module.css';\nexport const names = [a.title, b.title];\n",
  );
  await writeFile(join(root, 'one.js'), "import b from './sub/card.module.css';\nexport const names = [b.title];\n");
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function classNames(entry: string): Promise<{ names: string[]; css: string }> {
  const esbuild = await loadEsbuild();
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'esm',
    outdir: join(root, 'out'),
    plugins: [cssModulesPlugin(root)],
    metafile: true,
  });
  const js = result.outputFiles.find((file) => file.path.endsWith('.js'))!.text;
  const module = (await import(`data:text/javascript,${encodeURIComponent(js)}`)) as { names: string[] };
  return { names: module.names, css: result.outputFiles.find((file) => file.path.endsWith('.css'))!.text };
}

describe('cssModulesPlugin', () => {
  it('names classes after the file and a hash of its path, equal whatever else the build holds', async () => {
    const both = await classNames('both.js');
    const one = await classNames('one.js');
    expect(both.names[0]).toMatch(/^card_[0-9a-f]{6}_title$/);
    expect(both.names[1]).not.toBe(both.names[0]);
    expect(one.names[0]).toBe(both.names[1]);
    expect(both.css).toContain(`.${both.names[0]!}`);
  });

  it('maps virtual inputs back to the real file', () => {
    expect(realInput(`kit-css-module:${join(root, 'card-abcdef.module.css')}`)).toBe(join(root, 'card.module.css'));
    expect(realInput('app/routes/index.page.tsx')).toBe('app/routes/index.page.tsx');
    expect(realInput('kit-virtual:styles')).toBeNull();
  });
});
