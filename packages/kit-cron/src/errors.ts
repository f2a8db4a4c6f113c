/**
 * Stable codes of the errors kit-cron raises. A caller branches on `code`; `message` is written for a
 * person and names the component, the bad value and the fix.
 */
export type KitCronErrorCode =
  /** A job definition or scheduler option is invalid (a bad name, schedule, retry policy, ...). */
  | 'invalid_config'
  /** `runNow` or `nextRun` named a job the scheduler does not have. */
  | 'unknown_job'
  /** An attempt ran longer than the job's `timeoutMs`; its signal was aborted with this error. */
  | 'job_timeout'
  /** The scheduler stopped and a run did not finish within the stop timeout; its signal was aborted with this error. */
  | 'scheduler_stopped'
  /** An agent job's run ended `fatal`; the message carries the agent's error. */
  | 'agent_failed'
  /** A checkpoint store could not read, write or delete a checkpoint. */
  | 'checkpoint_store_failed';

/**
 * The error type of kit-cron, with a stable `code`.
 *
 * @example
 * ```ts
 * import { defineJob, KitCronError } from '@kit/kit-cron';
 *
 * try {
 *   defineJob({ name: 'report', schedule: { every: '-5m' }, run: () => undefined });
 * } catch (error) {
 *   if (error instanceof KitCronError && error.code === 'invalid_config') console.log(error.message);
 * }
 * ```
 */
export class KitCronError extends Error {
  readonly code: KitCronErrorCode;

  constructor(code: KitCronErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'KitCronError';
    this.code = code;
  }
}

/** The message of anything thrown, for history entries and events. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error));
}
