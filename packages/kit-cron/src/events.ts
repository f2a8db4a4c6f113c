/** Why a tick did not run. */
export type SkipReason =
  /** A run of the job was still in progress (`overlap: 'skip'`, or a second tick while one is queued with `overlap: 'queue'`). */
  | 'overlap'
  /** Another replica claimed the tick through the lock. */
  | 'locked'
  /** The lock could not be asked (Redis unreachable); the tick is skipped rather than risk running twice. */
  | 'lock_failed';

/** Fields every job event carries. */
interface JobEventBase {
  /** The job's name. */
  readonly job: string;
  /** Unique within the scheduler: `<job>#<n>`; shared by the events of one run. */
  readonly runId: string;
  /** The tick (before jitter), or the `runNow` call time. */
  readonly scheduledAt: Date;
  /** When the event happened, by the scheduler's clock. */
  readonly at: Date;
  readonly trigger: 'schedule' | 'manual';
}

/** An attempt started. */
export interface JobStartedEvent extends JobEventBase {
  readonly type: 'job.started';
  readonly attempt: number;
}

/** The run succeeded (on `attempt`). */
export interface JobSucceededEvent extends JobEventBase {
  readonly type: 'job.succeeded';
  readonly attempt: number;
  /** From the first attempt's start to the end, retry waits included. */
  readonly durationMs: number;
}

/** The run failed for good: its last attempt threw or timed out, and no retries are left (or the scheduler stopped). */
export interface JobFailedEvent extends JobEventBase {
  readonly type: 'job.failed';
  readonly attempt: number;
  readonly durationMs: number;
  /** `timeout` when the last attempt passed `timeoutMs`. */
  readonly status: 'failure' | 'timeout';
  readonly error: string;
}

/** An attempt failed and another will start after `delayMs`. */
export interface JobRetryingEvent extends JobEventBase {
  readonly type: 'job.retrying';
  /** The attempt that failed. */
  readonly attempt: number;
  readonly delayMs: number;
  readonly status: 'failure' | 'timeout';
  readonly error: string;
}

/** A tick did not run. */
export interface JobSkippedEvent extends JobEventBase {
  readonly type: 'job.skipped';
  readonly reason: SkipReason;
  /** Present for `lock_failed`: why the lock could not be asked. */
  readonly error?: string;
}

/** What `onEvent` receives: a union on `type`. */
export type JobEvent = JobStartedEvent | JobSucceededEvent | JobFailedEvent | JobRetryingEvent | JobSkippedEvent;

/** One entry of the run history. */
export interface JobRunRecord {
  readonly job: string;
  readonly runId: string;
  readonly trigger: 'schedule' | 'manual';
  readonly status: 'success' | 'failure' | 'timeout' | 'skipped';
  readonly scheduledAt: Date;
  /** When the first attempt started (for `skipped`, when the tick was skipped). */
  readonly startedAt: Date;
  /** From the first attempt's start to the end, retry waits included (0 for `skipped`). */
  readonly durationMs: number;
  /** Attempts made (0 for `skipped`). */
  readonly attempt: number;
  /** The last attempt's error message (`failure`, `timeout`). */
  readonly error?: string;
  /** Why the tick was skipped (`skipped`). */
  readonly reason?: SkipReason;
}
