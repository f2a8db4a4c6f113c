import { relative } from 'node:path';
import { CreateKitAppError } from '../scaffold/create-kit-app-error.js';
import { detectPackageManager, runCommandOf } from '../scaffold/package-manager.js';
import { scaffoldApp, type ScaffoldResult } from '../scaffold/scaffold-app.js';
import { scaffolderVersion } from '../version.js';
import { helpText } from './help.js';
import { parseArgs, UsageError } from './parse-args.js';
import { askForOptions } from './prompts.js';

/** Where the program reads and writes; the defaults are the process's own. */
export interface CreateKitAppIO {
  readonly stdout?: { write(text: string): unknown };
  readonly stderr?: { write(text: string): unknown };
  readonly cwd?: string;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Whether a person is at a terminal (stdin and stdout are TTYs): only then are prompts shown. */
  readonly interactive?: boolean;
}

/**
 * Runs the `create-kit-app` program with `argv` (the arguments after the program's name) and resolves
 * to its exit code: 0 created, 1 the folder is not empty (or the prompts were cancelled), 2 a usage
 * error (unknown option or template, no folder given outside a terminal), 3 the environment (the
 * linked workspace or the install failed). Never exits the process.
 *
 * @example
 * ```ts
 * import { runCreateKitApp } from 'create-kit-app';
 *
 * const code = await runCreateKitApp(['help-desk', '--template', 'blank', '--no-install']);
 * if (code !== 0) console.error(`create-kit-app exited with ${code}`);
 * ```
 */
export async function runCreateKitApp(argv: readonly string[], io: CreateKitAppIO = {}): Promise<number> {
  const out = (text: string) => (io.stdout ?? process.stdout).write(text);
  const err = (text: string) => (io.stderr ?? process.stderr).write(text);
  const env = io.env ?? process.env;
  const cwd = io.cwd ?? process.cwd();
  const interactive = io.interactive ?? (process.stdin.isTTY === true && process.stdout.isTTY === true);
  try {
    const args = parseArgs(argv);
    if (args.help) {
      out(helpText());
      return 0;
    }
    if (args.version) {
      out(`${scaffolderVersion()}\n`);
      return 0;
    }
    let { directory, template, install } = args;
    if (directory === undefined) {
      if (!interactive || argv.length > 0)
        throw new UsageError('which folder? Pass one: create-kit-app my-app (prompts are shown only in a terminal without arguments)');
      const answers = await askForOptions(scaffolderVersion());
      if (answers === null) return 1;
      ({ directory, template, install } = answers);
    }
    const link = args.link ?? nonEmpty(env['KIT_LINK_WORKSPACE']);
    const packageManager = args.packageManager ?? detectPackageManager(env['npm_config_user_agent']);
    const result = await scaffoldApp({
      directory,
      template,
      install,
      packageManager,
      cwd,
      log: err,
      ...(link === undefined ? {} : { link }),
    });
    out(summary(result, cwd));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      err(`create-kit-app: ${error.message}\n`);
      return 2;
    }
    if (error instanceof CreateKitAppError) {
      err(`create-kit-app: ${error.message}\n`);
      return error.exitCode;
    }
    err(`create-kit-app: unexpected error: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

function summary(result: ScaffoldResult, cwd: string): string {
  const shown = relative(cwd, result.root) || '.';
  const run = runCommandOf(result.packageManager);
  const dependencies = {
    installed: `installed with ${result.packageManager} (${result.installMs} ms)`,
    linked: 'linked to the kit repository (node_modules is a link)',
    skipped: `not installed: run ${result.packageManager} install`,
  }[result.dependencies];
  // A template with migrations needs its tables before the first request.
  const migrations = result.files.some((file) => file.startsWith('migrations/'));
  const steps = [
    ...(shown === '.' ? [] : [`cd ${shown}`]),
    ...(result.dependencies === 'skipped' ? [`${result.packageManager} install`] : []),
    ...(migrations ? [`${run} db:push`] : []),
    `${run} dev`,
  ];
  return [
    `Created ${result.packageName} (template ${result.template}, kit ${result.kitVersion}) in ${result.root}: ${result.files.length} files (${result.writeMs} ms).`,
    `Dependencies: ${dependencies}.`,
    'Next:',
    ...steps.map((step) => `  ${step}`),
    `Then ${run} verify checks the app, and AGENTS.md tells coding agents its conventions.`,
    '',
  ].join('\n');
}
