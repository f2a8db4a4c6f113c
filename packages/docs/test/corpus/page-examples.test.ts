// The examples of the pages a newcomer starts with, pasted into the app the page makes. For each page:
// create-kit-app makes the app of the page's `npx create-kit-app` command (with the repository linked, so
// nothing is downloaded), each TypeScript example is written at the path the page gives, and then the
// examples must import only what the app has (or what their section installs), type-check, pass kit verify
// when they are part of the app, and run as the page says. The shell commands of the page must name
// scripts and programs the app has. Needs `npm run build` (the app runs the packages' compiled files).
// About a minute on an idle machine, most of it kit verify on the tickets app.
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createKitApp, type AnyAPIDefinition, type RouteKey } from '@kit/kit-core';
import { scaffoldApp } from 'create-kit-app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliProblems } from './examples-code.js';
import { repoRoot } from './examples-files.js';
import {
  blockAsExample,
  binsOf,
  commandProblem,
  dependencyProblems,
  exampleFilePath,
  isShellBlock,
  isTypeScriptBlock,
  localImportProblems,
  npmInstall,
  pageBlocks,
  sectionCommands,
  shellCommands,
  type AppFacts,
  type PageBlock,
} from './page-examples.js';
import { referenceCommands } from './reference-data.js';
import { corpusDocsDir } from './reference-names.js';

/** A request to a route example and the answer the page describes. */
interface RouteCall {
  readonly method: string;
  readonly url: string;
  readonly status: number;
  readonly body?: unknown;
}

/**
 * A page whose examples are run: what its runnable examples print, by the command the page gives to run
 * them, and how its route examples answer, by the file the page puts them in.
 */
interface PageCase {
  readonly slug: string;
  readonly runs: Readonly<Record<string, RegExp>>;
  readonly routes?: Readonly<Record<string, readonly RouteCall[]>>;
}

const pages: readonly PageCase[] = [
  {
    slug: 'getting-started',
    runs: { 'npx tsx scripts/first-agent.ts': /^completed All tickets are closed\.$/m },
    routes: {
      'app/routes/api/greeting.api.ts': [
        { method: 'GET', url: '/api/greeting?name=Ada', status: 200, body: { message: 'Hello, Ada!' } },
        // "Refused with a 400 problem that names the field".
        {
          method: 'GET',
          url: '/api/greeting',
          status: 400,
          body: expect.objectContaining({ errors: [expect.objectContaining({ field: 'name' })] }),
        },
      ],
    },
  },
  { slug: 'create-kit-app', runs: { 'npx tsx scripts/new-help-desk.ts': /^\d+ files in \/.+\/help-desk$/m } },
];

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function run(command: string, args: readonly string[], cwd: string, timeoutMs: number): Promise<Run> {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  delete env.FORCE_COLOR;
  delete env.DATABASE_URL;
  return new Promise((resolve) => {
    execFile(command, args, { cwd, env, timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, stdout, stderr });
    });
  });
}

/** The file that runs a program of a package, as `npx <program>` finds it in node_modules/.bin. */
function programFile(modules: string, pkg: string, program: string): string {
  const manifest = JSON.parse(readFileSync(join(modules, pkg, 'package.json'), 'utf8')) as { bin: string | Record<string, string> };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin[program]!;
  return join(modules, pkg, bin);
}

describe.each(pages)('the examples of $slug, pasted into the app the page makes', (page) => {
  const blocks = pageBlocks(readFileSync(join(corpusDocsDir, `${page.slug}.md`), 'utf8'));
  const typescript = blocks.filter(isTypeScriptBlock);
  const where = (block: PageBlock) => `${page.slug}.md:${block.line}`;
  const create = blocks
    .filter(isShellBlock)
    .flatMap(shellCommands)
    .find((command) => command.startsWith('npx create-kit-app '));
  const [, , folder = '', ...options] = create?.split(/\s+/) ?? [];
  const template = options.includes('--template') ? options[options.indexOf('--template') + 1] : 'blank';

  let parent: string;
  let root: string;
  let manifest: { scripts: Record<string, string>; dependencies: Record<string, string>; devDependencies: Record<string, string> };
  /** The examples, at the paths the page gives. */
  const files = new Map<PageBlock, string>();

  beforeAll(async () => {
    parent = await mkdtemp(join(tmpdir(), `kit-page-examples-${page.slug}-`));
    const app = await scaffoldApp({
      directory: join(parent, folder),
      template: template as 'blank' | 'tickets',
      install: false,
      link: repoRoot,
    });
    root = app.root;
    manifest = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as typeof manifest;
    for (const block of typescript) {
      const path = exampleFilePath(block);
      if (path === undefined) continue;
      files.set(block, path);
      await mkdir(dirname(join(root, path)), { recursive: true });
      await writeFile(join(root, path), block.code);
    }
  });
  afterAll(async () => {
    if (parent) await rm(parent, { recursive: true, force: true });
  });

  /** What a command of `section` may use: the app's scripts and packages, and the packages the section installs. */
  function appFacts(section: string): AppFacts {
    const packages = new Set([...Object.keys(manifest.dependencies), ...Object.keys(manifest.devDependencies)]);
    for (const command of sectionCommands(blocks, section)) for (const pkg of npmInstall(command)?.packages ?? []) packages.add(pkg);
    return { scripts: manifest.scripts, packages, modules: join(root, 'node_modules') };
  }

  it('makes its app with create-kit-app, and says where each TypeScript example goes', () => {
    expect(create, 'the page has no `npx create-kit-app <folder> --template <name>` command').toBeDefined();
    expect(['blank', 'tickets']).toContain(template);
    expect(typescript.length).toBeGreaterThan(0);
    const unplaced = typescript
      .filter((block) => !files.has(block))
      .map((block) => `${where(block)}: the prose before the example names no file (a path in backticks, such as \`scripts/example.ts\`)`);
    expect(unplaced).toEqual([]);
  });

  it('imports only files the page shows and packages the app has or its section installs', () => {
    const problems = [...files].flatMap(([block, path]) => {
      const example = blockAsExample(block, path);
      return [...localImportProblems(example, root), ...dependencyProblems(example, appFacts(block.section).packages)];
    });
    expect(problems).toEqual([]);
  });

  it('gives shell commands that work in the app: its scripts, programs of its packages through npx, documented kit commands', () => {
    const commands = referenceCommands();
    const problems = blocks.filter(isShellBlock).flatMap((block) => {
      const facts = appFacts(block.section);
      const found = shellCommands(block).flatMap((command) => {
        if (command.startsWith('cd ')) return command === `cd ${folder}` ? [] : [`"${command}": the app is in ${folder}`];
        const problem = commandProblem(command, facts);
        return problem === undefined ? [] : [problem];
      });
      const kit = cliProblems(blockAsExample(block, `${page.slug}.md`), commands);
      return [...found, ...kit].map((problem) => `${where(block)}: ${problem}`);
    });
    expect(problems).toEqual([]);
  });

  it('type-checks in the app with its tsconfig.json', { timeout: 120_000 }, async () => {
    // The app's own compiler options, over the example files wherever they are (scripts/ is outside "include").
    await writeFile(
      join(root, 'tsconfig.page-examples.json'),
      JSON.stringify({ extends: './tsconfig.json', include: [...files.values()] }),
    );
    const typescriptCompiler = programFile(join(root, 'node_modules'), 'typescript', 'tsc');
    const result = await run(
      process.execPath,
      [typescriptCompiler, '-p', 'tsconfig.page-examples.json', '--pretty', 'false'],
      root,
      110_000,
    );
    await rm(join(root, 'tsconfig.page-examples.json'));
    expect(result.stdout + result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  it('passes kit verify with the examples that are part of the app', { timeout: 240_000 }, async (context) => {
    if (![...files.values()].some((path) => path.startsWith('app/'))) context.skip('no example of this page is a file of app/');
    const kit = programFile(join(root, 'node_modules'), '@kit/kit-cli', 'kit');
    const result = await run(process.execPath, [kit, 'verify', '--json'], root, 230_000);
    expect(result.stdout.trimStart().startsWith('{'), `kit verify --json printed no report:\n${result.stdout}\n${result.stderr}`).toBe(
      true,
    );
    const report = JSON.parse(result.stdout) as { ok: boolean; steps: { name: string; status: string; problems: unknown[] }[] };
    expect(
      report.steps.filter((step) => step.status === 'fail'),
      result.stdout,
    ).toEqual([]);
    expect(report.ok).toBe(true);
  });

  it('runs each runnable example with the command the page gives, printing what the test expects', { timeout: 120_000 }, async () => {
    const given = [...new Set(blocks.map((block) => block.section))]
      .flatMap((section) => sectionCommands(blocks, section))
      .filter((command) => /^npx tsx /.test(command));
    expect(given.sort()).toEqual(Object.keys(page.runs).sort());
    // Every example outside app/ is a script, and the page says how to run it.
    const scripts = [...files.values()].filter((path) => !path.startsWith('app/'));
    expect(scripts.filter((path) => !given.some((command) => command.split(/\s+/).includes(path)))).toEqual([]);
    const modules = join(root, 'node_modules');
    for (const [command, expected] of Object.entries(page.runs)) {
      const [, program = '', ...args] = command.split(/\s+/);
      const owner = [...Object.keys(manifest.dependencies), ...Object.keys(manifest.devDependencies)].find((pkg) =>
        binsOf(modules, pkg).includes(program),
      );
      expect(owner, `${command}: no package of the app provides ${program}`).toBeDefined();
      const result = await run(process.execPath, [programFile(modules, owner!, program), ...args], root, 60_000);
      expect(result.code, `${command}\n${result.stdout}\n${result.stderr}`).toBe(0);
      expect(result.stdout).toMatch(expected);
    }
  });

  it.each(Object.entries(page.routes ?? {}))('serves %s as the page describes', async (path, calls) => {
    expect([...files.values()]).toContain(path);
    // The route module is loaded from the app, so its imports resolve in the app's node_modules.
    const route = ((await import(join(root, path))) as { default: AnyAPIDefinition }).default;
    const pattern = `${calls[0]!.method} ${calls[0]!.url.split('?')[0]!}` as RouteKey;
    const app = createKitApp({ info: { title: 'page examples', version: '0.0.0' }, routes: { [pattern]: route } });
    for (const call of calls) {
      const response = await app.fetch(new Request(`http://localhost${call.url}`, { method: call.method }));
      expect(response.status, `${call.method} ${call.url}`).toBe(call.status);
      if (call.body !== undefined) expect(await response.json()).toEqual(call.body);
    }
  });
});
