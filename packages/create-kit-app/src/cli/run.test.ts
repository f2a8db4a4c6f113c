import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCreateKitApp } from './run.js';

let cwd: string;
beforeEach(async () => {
  cwd = await mkdtemp(join(tmpdir(), 'create-kit-app-'));
});
afterEach(() => rm(cwd, { recursive: true, force: true }));

async function run(args: readonly string[], options: { env?: Record<string, string>; interactive?: boolean } = {}) {
  let stdout = '';
  let stderr = '';
  const code = await runCreateKitApp(args, {
    cwd,
    env: options.env ?? {},
    interactive: options.interactive ?? false,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { code, stdout, stderr };
}

describe('create-kit-app <dir>', () => {
  it('writes the blank template with its package.json, README, AGENTS.md and .gitignore, without installing under --no-install', async () => {
    const result = await run(['My App', '--no-install']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const lines = result.stdout.split('\n');
    expect(lines[0]).toMatch(/^Created my-app \(template blank, kit 0\.1\.0\) in .*My App: 11 files \(\d+ ms\)\.$/);
    expect(lines.slice(1)).toEqual([
      'Dependencies: not installed: run npm install.',
      'Next:',
      '  cd My App',
      '  npm install',
      '  npm run dev',
      'Then npm run verify checks the app, and AGENTS.md tells coding agents its conventions.',
      '',
    ]);
    const root = join(cwd, 'My App');
    expect((await readdir(root, { recursive: true })).sort()).toEqual(
      [
        '.gitignore',
        'AGENTS.md',
        'README.md',
        'app',
        'app/routes',
        'app/routes/_layout.tsx',
        'app/routes/api',
        'app/routes/api/hello.api.ts',
        'app/routes/index.page.tsx',
        'app/routes/not-found.tsx',
        'kit.config.ts',
        'package.json',
        'tests',
        'tests/hello.test.ts',
        'tsconfig.json',
      ].sort(),
    );
    const manifest = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
      name: string;
      type: string;
      dependencies: Record<string, string>;
    };
    expect(manifest.name).toBe('my-app');
    expect(manifest.type).toBe('module');
    for (const kitPackage of ['@kit/kit-cli', '@kit/kit-core', '@kit/kit-db', '@kit/kit-react'])
      expect(manifest.dependencies[kitPackage]).toBe('0.1.0');
    const texts = await Promise.all(
      ['README.md', 'AGENTS.md', 'kit.config.ts', 'app/routes/index.page.tsx'].map((path) => readFile(join(root, path), 'utf8')),
    );
    for (const text of texts) expect(text).not.toMatch(/\{\{\w+\}\}/);
    expect(texts[0]).toContain('| `npm run dev` |');
    expect(texts[1]).toContain('npx kit verify --json');
    expect(texts[2]).toContain("title: 'My app'");
  });

  it('writes into an empty folder (a .git folder does not count) and names the commands of the package manager given', async () => {
    await mkdir(join(cwd, 'desk', '.git'), { recursive: true });
    const result = await run(['desk', '--package-manager=pnpm', '--no-install']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('  pnpm dev\n');
    expect(await readFile(join(cwd, 'desk', 'README.md'), 'utf8')).toContain('| `pnpm dev` |');
  });

  it('refuses a folder that holds files (exit 1), naming it, and writes nothing', async () => {
    await mkdir(join(cwd, 'used'));
    await writeFile(join(cwd, 'used', 'notes.txt'), 'mine\n');
    expect(await run(['used', '--no-install'])).toEqual({
      code: 1,
      stdout: '',
      stderr:
        'create-kit-app: the folder used is not empty (it holds notes.txt); choose a new or empty folder, for example create-kit-app my-app.\n',
    });
    expect(await readdir(join(cwd, 'used'))).toEqual(['notes.txt']);
  });

  it('refuses an unknown template (exit 2) with the list of templates', async () => {
    expect(await run(['x', '--template', 'shop'])).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'create-kit-app: unknown template "shop"; the templates are blank (the smallest app: one page, one API, a layout, a not-found page and a test), tickets (a small help desk: tickets in SQLite with migrations, sign-in for people, API keys for agents, approval before an agent closes a ticket, MCP, tests). Pass --template blank.\n',
    });
    expect(await readdir(cwd)).toEqual([]);
  });

  it('refuses usage errors with exit 2: no folder outside a terminal, unknown options, missing values, unknown package managers', async () => {
    expect(await run([])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'create-kit-app: which folder? Pass one: create-kit-app my-app (prompts are shown only in a terminal without arguments)\n',
    });
    expect((await run(['--no-install'], { interactive: true })).code).toBe(2);
    expect((await run(['x', '--fast'])).stderr).toBe(
      'create-kit-app: unknown option --fast; the options are --template, --no-install, --package-manager, --link, --help and --version\n',
    );
    expect((await run(['x', '--template'])).stderr).toBe('create-kit-app: --template needs a value (--template blank)\n');
    expect(await run(['x', '--package-manager', 'pip'])).toEqual({
      code: 2,
      stdout: '',
      stderr: 'create-kit-app: unknown package manager "pip"; use one of npm, pnpm, yarn, bun (--package-manager npm).\n',
    });
    expect((await run(['a', 'b'])).stderr).toBe(
      'create-kit-app: one folder at most, got "a" and "b"; quote a folder name that holds spaces\n',
    );
  });

  it('refuses a --link (or KIT_LINK_WORKSPACE) folder that is not a kit repository (exit 3)', async () => {
    const result = await run(['linked'], { env: { KIT_LINK_WORKSPACE: cwd } });
    expect(result.code).toBe(3);
    expect(result.stderr).toBe(
      `create-kit-app: --link ${cwd}: ${join(cwd, 'node_modules')} has no @kit/kit-cli; pass the root of a kit repository where npm install has run.\n`,
    );
    expect(await readdir(cwd)).toEqual([]);
  });

  it('prints its help and version', async () => {
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: create-kit-app <dir> [options]');
    expect(help.stdout).toContain('  blank    the smallest app');
    expect(help.stdout).toContain('  tickets  a small help desk');
    expect(await run(['-v'])).toEqual({ code: 0, stdout: '0.1.0\n', stderr: '' });
  });
});
