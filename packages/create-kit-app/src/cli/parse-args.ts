import { packageManagerNamed, type PackageManager } from '../scaffold/package-manager.js';

/** What the command line asked for. */
export interface ParsedArgs {
  readonly directory: string | undefined;
  readonly template: string | undefined;
  readonly install: boolean;
  readonly packageManager: PackageManager | undefined;
  readonly link: string | undefined;
  readonly help: boolean;
  readonly version: boolean;
}

/** A command line the program cannot run: exit 2. */
export class UsageError extends Error {}

const valued = new Set(['--template', '--package-manager', '--link']);
const aliases: Readonly<Record<string, string>> = { '-t': '--template', '-h': '--help', '-v': '--version' };

/** Reads `[dir] [--template <name>] [--no-install] [--package-manager <pm>] [--link <repo>] [--help] [--version]`; `--x=value` works too. */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  const values = new Map<string, string>();
  const positionals: string[] = [];
  let install = true;
  let help = false;
  let version = false;
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] ?? '';
    if (!arg.startsWith('-') || arg === '-') {
      positionals.push(arg);
      continue;
    }
    const equals = arg.indexOf('=');
    const flag = aliases[equals === -1 ? arg : arg.slice(0, equals)] ?? (equals === -1 ? arg : arg.slice(0, equals));
    if (valued.has(flag)) {
      const value = equals === -1 ? argv[++index] : arg.slice(equals + 1);
      if (value === undefined || value === '' || (equals === -1 && value.startsWith('-')))
        throw new UsageError(`${flag} needs a value (${flag} ${flag === '--template' ? 'blank' : flag === '--link' ? '../kit' : 'npm'})`);
      values.set(flag, value);
    } else if (flag === '--no-install') install = false;
    else if (flag === '--install') install = true;
    else if (flag === '--help') help = true;
    else if (flag === '--version') version = true;
    else
      throw new UsageError(
        `unknown option ${arg}; the options are --template, --no-install, --package-manager, --link, --help and --version`,
      );
  }
  if (positionals.length > 1)
    throw new UsageError(
      `one folder at most, got ${positionals.map((positional) => `"${positional}"`).join(' and ')}; quote a folder name that holds spaces`,
    );
  const manager = values.get('--package-manager');
  return {
    directory: positionals[0],
    template: values.get('--template'),
    install,
    packageManager: manager === undefined ? undefined : packageManagerNamed(manager),
    link: values.get('--link'),
    help,
    version,
  };
}
