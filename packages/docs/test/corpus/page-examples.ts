/**
 * The code blocks of a corpus page, read as a reader meets them: the TypeScript examples with the file the
 * page says to put each in, and the shell commands, checked against the app create-kit-app makes. Used by
 * page-examples.test.ts, which pastes the examples of the getting-started pages into such an app.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { importsOf, isNodeBuiltin } from './examples-code.js';
import type { ExampleFile } from './examples-files.js';

/** A fenced code block of a page. */
export interface PageBlock {
  /** The info string of the fence (`ts`, `sh`, `text`), empty when there is none. */
  readonly lang: string;
  readonly code: string;
  /** 1-based line of the opening fence in the page file. */
  readonly line: number;
  /** The `##` section the block is in (`Overview` before the first heading). */
  readonly section: string;
  /** The prose between the previous block or heading and this block. */
  readonly before: string;
}

/** Every fenced code block of a Markdown page, with its section and the prose that leads to it. */
export function pageBlocks(markdown: string): PageBlock[] {
  const lines = markdown.split('\n');
  let index = 0;
  if (lines[0]?.trim() === '---') index = lines.findIndex((line, at) => at > 0 && line.trim() === '---') + 1;
  const blocks: PageBlock[] = [];
  let section = 'Overview';
  let prose: string[] = [];
  for (; index < lines.length; index += 1) {
    const line = lines[index]!;
    const heading = /^##\s+(.+?)\s*$/.exec(line);
    if (heading) {
      section = heading[1]!;
      prose = [];
      continue;
    }
    const fence = /^(```+|~~~+)\s*([\w-]*)/.exec(line);
    if (!fence) {
      if (!line.startsWith('###')) prose.push(line);
      continue;
    }
    const start = index;
    const code: string[] = [];
    for (index += 1; index < lines.length && !lines[index]!.startsWith(fence[1]!); index += 1) code.push(lines[index]!);
    blocks.push({ lang: fence[2] ?? '', code: `${code.join('\n')}\n`, line: start + 1, section, before: prose.join('\n') });
    prose = [];
  }
  return blocks;
}

export function isTypeScriptBlock(block: PageBlock): boolean {
  return ['ts', 'tsx', 'typescript'].includes(block.lang);
}

export function isShellBlock(block: PageBlock): boolean {
  return ['sh', 'bash', 'shell', 'console'].includes(block.lang);
}

/** A relative path to a TypeScript file, as prose writes one in backticks: `app/routes/api/greeting.api.ts`. */
const filePath = /^[\w-][\w.[\]()-]*(?:\/[\w.[\]()-]+)+\.tsx?$/;

/**
 * The file the page puts a TypeScript example in: the last path in backticks in the prose that leads to
 * the block (`app/routes/api/greeting.api.ts serves /api/greeting`, `save it as scripts/first-agent.ts`).
 */
export function exampleFilePath(block: PageBlock): string | undefined {
  const paths = [...block.before.matchAll(/`([^`]+)`/g)].map((match) => match[1]!).filter((span) => filePath.test(span));
  return paths.at(-1);
}

/** The commands of a shell block: one per line or per `&&`/`;`, comments left out. */
export function shellCommands(block: PageBlock): string[] {
  return block.code
    .split('\n')
    .map((line) => line.replace(/(^|\s)#.*$/, ''))
    .flatMap((line) => line.split(/&&|;/))
    .map((command) => command.trim())
    .filter((command) => command !== '');
}

/**
 * The commands a section tells the reader to run: those of its shell blocks, and commands written inline
 * in its prose (`npm install ...`, `npx ...`).
 */
export function sectionCommands(blocks: readonly PageBlock[], section: string): string[] {
  const inSection = blocks.filter((block) => block.section === section);
  const inline = inSection.flatMap((block) => [...block.before.matchAll(/`((?:npm|npx) [^`]+)`/g)].map((match) => match[1]!));
  return [...inSection.filter(isShellBlock).flatMap(shellCommands), ...inline];
}

/** The packages an `npm install` command adds, and whether as devDependencies; `undefined` for other commands. */
export function npmInstall(command: string): { readonly packages: string[]; readonly dev: boolean } | undefined {
  const words = command.split(/\s+/);
  if (words[0] !== 'npm' || !['install', 'i', 'add'].includes(words[1] ?? '')) return undefined;
  const args = words.slice(2);
  return { packages: args.filter((arg) => !arg.startsWith('-')), dev: args.some((arg) => arg === '-D' || arg === '--save-dev') };
}

/** The package of a bare import specifier (`@kit/kit-core`, `zod` from `zod/v4`); `undefined` for relative ones. */
export function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('.') || specifier.startsWith('/')) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** A TypeScript block as the import reader of examples-code.ts takes it. */
export function blockAsExample(block: PageBlock, path: string): ExampleFile {
  const fileName = path.slice(path.lastIndexOf('/') + 1);
  return { id: fileName, fileName, path, extension: path.endsWith('.tsx') ? '.tsx' : '.ts', text: block.code, meta: undefined };
}

/** What of an app the commands of a page depend on. */
export interface AppFacts {
  /** The app's `package.json` scripts. */
  readonly scripts: Readonly<Record<string, string>>;
  /** Packages the app declares, plus those the section installs. */
  readonly packages: ReadonlySet<string>;
  /** The app's `node_modules` folder. */
  readonly modules: string;
}

/** The names of the programs a package installs (`bin` of its package.json). */
export function binsOf(modules: string, pkg: string): string[] {
  const manifestPath = join(modules, pkg, 'package.json');
  if (!existsSync(manifestPath)) return [];
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { name: string; bin?: string | Record<string, string> };
  if (manifest.bin === undefined) return [];
  return typeof manifest.bin === 'string' ? [manifest.name.replace(/^@[^/]+\//, '')] : Object.keys(manifest.bin);
}

/**
 * Why a command of a page would fail in the app as written, or `undefined` when it would not:
 * `npm run` needs a script of the app, `npx` a program of a package the app declares (create-kit-app, run
 * before there is an app, is fetched by npx itself), `npm install` a package that exists, and a bare
 * program of a package (`kit verify`) is not on the PATH of a shell at all.
 */
export function commandProblem(command: string, app: AppFacts): string | undefined {
  const [program = '', first = '', ...rest] = command.split(/\s+/);
  if (program === 'cd' || program === 'curl') return undefined;
  if (program === 'npm' && first === 'run') {
    return rest[0] !== undefined && rest[0] in app.scripts
      ? undefined
      : `"${command}": the app has no script "${rest[0] ?? ''}" (it has ${Object.keys(app.scripts).join(', ')})`;
  }
  const install = npmInstall(command);
  if (install) {
    const unknown = install.packages.filter((pkg) => !existsSync(join(app.modules, pkg, 'package.json')));
    return unknown.length === 0 ? undefined : `"${command}": no package ${unknown.join(', ')}`;
  }
  if (program === 'npx') {
    if (first === 'create-kit-app') return undefined;
    const owners = [...app.packages].filter((pkg) => binsOf(app.modules, pkg).includes(first));
    return owners.length > 0
      ? undefined
      : `"${command}": no package of the app provides the program ${first}; add it to the app or name its install on the page`;
  }
  const owner = [...app.packages].find((pkg) => binsOf(app.modules, pkg).includes(program));
  if (owner) return `"${command}": ${program} is a program of ${owner} in node_modules/.bin, not on the PATH; write npx ${program}`;
  return `"${command}": not a command this check knows; teach commandProblem about it`;
}

/** Problems with the imports of an example: each package it imports must be one the app has. */
export function dependencyProblems(example: ExampleFile, packages: ReadonlySet<string>): string[] {
  return importsOf(example).flatMap((entry) => {
    if (isNodeBuiltin(entry.specifier)) return [];
    const pkg = packageOf(entry.specifier);
    if (pkg === undefined || packages.has(pkg)) return [];
    return [`${example.path}:${entry.line}: imports ${pkg}, which the app does not declare and the section does not install`];
  });
}

/**
 * Problems with the local imports of an example, written into the app at `root`: each must name a file
 * that is there (one of the template's, or another example of the page), as `.js` for a `.ts` source.
 */
export function localImportProblems(example: ExampleFile, root: string): string[] {
  return importsOf(example).flatMap((entry) => {
    if (!entry.specifier.startsWith('.')) return [];
    const target = join(root, dirname(example.path), entry.specifier);
    const sources = [target, target.replace(/\.js$/, '.ts'), target.replace(/\.js$/, '.tsx'), target.replace(/\.jsx$/, '.tsx')];
    if (sources.some((source) => source !== target && existsSync(source)) || (!/\.jsx?$/.test(target) && existsSync(target))) return [];
    return [`${example.path}:${entry.line}: imports ${entry.specifier}, a file the page does not show`];
  });
}
