/** A stream `kit` writes to: standard output or standard error, or anything that collects text. */
export interface CliOutput {
  write(text: string): unknown;
  /** True on a terminal: colours are used only there (unless `FORCE_COLOR` says otherwise). */
  readonly isTTY?: boolean;
}

/**
 * Where `runCli` reads and writes. Every field is optional: the defaults are the process's own
 * (`process.stdout`, `process.stderr`, `process.cwd()`, `process.env`, and Ctrl-C / SIGTERM to stop a
 * command that follows something, such as `ops:tail`).
 */
export interface CliIo {
  readonly stdout?: CliOutput;
  readonly stderr?: CliOutput;
  /** The folder commands run in: the app's folder unless `--root` names another. */
  readonly cwd?: string;
  /** Environment variables (`DATABASE_URL`, `KIT_OPS_STORE`, `NO_COLOR`, `FORCE_COLOR`, ...). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Stops long-running commands (`ops:tail`); without it, SIGINT and SIGTERM do. */
  readonly signal?: AbortSignal;
}

/** Whether to colour a stream: never with `NO_COLOR` set, always with `FORCE_COLOR` set (but not 0 or false), else only on a terminal. */
export function colourFor(stream: CliOutput, env: Readonly<Record<string, string | undefined>>, disabled: boolean): boolean {
  if (disabled) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  const forced = env.FORCE_COLOR;
  if (forced !== undefined) return !['0', 'false'].includes(forced.toLowerCase());
  return stream.isTTY === true && env.TERM !== 'dumb';
}
