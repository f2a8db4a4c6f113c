/**
 * The exit codes of `kit`, the same for every command, so a script can tell a finding from a mistake:
 * `ok` (0) the command did what was asked; `failed` (1) it ran and found failures (a verification step
 * failed, migrations are pending under `--check`, a file to write already exists, a component is not
 * healthy); `usage` (2) the command line is wrong (unknown command or option, bad value); `environment`
 * (3) the command could not run where it was started (no app folder, an app file that does not load,
 * no database configured or reachable, no ops store).
 *
 * @example
 * ```ts
 * import { exitCodes, runCli } from '@kit/kit-cli';
 *
 * const code = await runCli(['db:status', '--check']);
 * if (code === exitCodes.failed) console.log('migrations are pending');
 * ```
 */
export const exitCodes = { ok: 0, failed: 1, usage: 2, environment: 3 } as const;

/** One of the exit codes of `kit`: 0 ok, 1 failures found, 2 usage error, 3 environment problem. */
export type ExitCode = (typeof exitCodes)[keyof typeof exitCodes];
