import { exitCodes, type ExitCode } from './exit-codes.js';

/**
 * A failure a command reports to the person at the terminal: a message naming what is wrong and the
 * fix, and the exit code it ends with. Anything else thrown by a command is unexpected.
 */
export class CliError extends Error {
  readonly exitCode: ExitCode;

  constructor(exitCode: ExitCode, message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'CliError';
    this.exitCode = exitCode;
  }
}

/** The command line is wrong (exit 2). */
export function usageError(message: string): CliError {
  return new CliError(exitCodes.usage, message);
}

/** The command cannot run here: no app, no database, no store (exit 3). */
export function environmentError(message: string, cause?: unknown): CliError {
  return new CliError(exitCodes.environment, message, cause === undefined ? {} : { cause });
}

/** The command ran and found a failure (exit 1). */
export function failure(message: string, cause?: unknown): CliError {
  return new CliError(exitCodes.failed, message, cause === undefined ? {} : { cause });
}

/** The message of anything thrown. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
