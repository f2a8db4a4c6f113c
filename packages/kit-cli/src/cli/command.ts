import type { ExitCode } from './exit-codes.js';
import type { Style } from './style.js';

/** An option of a command: `--name <value>` (`string`) or `--json` (`boolean`). */
export interface OptionSpec {
  /** The long name without dashes: `name` for `--name`. */
  readonly name: string;
  readonly type: 'string' | 'boolean';
  /** A one-letter alias: `h` for `-h`. */
  readonly short?: string;
  /** How the value is shown in help: `<text>`, `<n>`, `<url>`. */
  readonly value?: string;
  /** May be given several times (`--kind error --kind request`); the values are kept in order. */
  readonly multiple?: boolean;
  /** One line for `--help`, with the default when there is one. */
  readonly description: string;
}

/** A positional argument of a command, such as the `<kind>` and `<name>` of `kit add`. */
export interface PositionalSpec {
  readonly name: string;
  readonly required: boolean;
  readonly description: string;
}

/** What a command's `run` is given: its parsed command line and where to read and write. */
export interface CommandContext {
  /** The command's name as typed in the table (`db:migrate`). */
  readonly command: string;
  /** Positional arguments, in order. */
  readonly positionals: readonly string[];
  /** The app's folder: `--root`, else the current folder. */
  readonly root: string;
  /** The value of a string option, or undefined when it was not given (the last one when given twice). */
  string(name: string): string | undefined;
  /** Whether a boolean option was given. */
  flag(name: string): boolean;
  /** Every value of an option that may be repeated, in order. */
  list(name: string): readonly string[];
  /** Writes a line to standard output. */
  out(line?: string): void;
  /** Writes a line to standard error. */
  err(line?: string): void;
  /** Colours of standard output and standard error. */
  readonly style: { readonly out: Style; readonly err: Style };
  /** The environment the command runs in. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Aborted when the person presses Ctrl-C (or the caller of `runCli` aborts its signal). */
  readonly signal: AbortSignal;
}

/** A command of the table: its name, its help and what it runs. */
export interface CommandSpec {
  /** As typed after `kit`: `verify`, `db:migrate`, `add`. */
  readonly name: string;
  /** The group it is listed under in `kit --help`. */
  readonly group: 'Develop' | 'Check' | 'Database' | 'Scaffold and deploy' | 'Operations';
  /** One line for `kit --help`. */
  readonly summary: string;
  /** The usage line, without the leading `kit `: `db:migrate [--name <text>] [options]`. */
  readonly usage: string;
  /** Paragraphs for `kit <command> --help`. */
  readonly description: string;
  readonly positionals: readonly PositionalSpec[];
  readonly options: readonly OptionSpec[];
  /** Command lines shown under "Examples". */
  readonly examples: readonly string[];
  /**
   * Runs the app's code, so the app's `.env` is read into the environment first (variables already set
   * win), and `KIT_OPS_STORE` is set to the absolute path of the app's ops store.
   */
  readonly readsEnvFile?: boolean;
  /** Runs the command; resolves to its exit code. Failures it can explain are thrown as `CliError`s. */
  run(context: CommandContext): Promise<ExitCode>;
}
