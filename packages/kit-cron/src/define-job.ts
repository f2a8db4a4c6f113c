import { KitCronError } from './errors.js';
import { compileSchedule, type CompiledSchedule, type JobSchedule } from './schedule.js';

/** What a job's `run` receives for one attempt. */
export interface JobRunContext {
  /** The job's name. */
  readonly job: string;
  /** Aborted when the attempt passes `timeoutMs` or the scheduler stops past its stop timeout; stop work when it fires. */
  readonly signal: AbortSignal;
  /** 1 for the first attempt, 2 for the first retry, ... */
  readonly attempt: number;
  /** The tick this run belongs to (before jitter); for `runNow`, the time it was called. */
  readonly scheduledAt: Date;
  /** `schedule` for a tick, `manual` for `runNow`. */
  readonly trigger: 'schedule' | 'manual';
}

/** What a job does when a tick runs another while one is still running. */
export type OverlapMode = 'skip' | 'queue' | 'allow';

/** Retries of a failed (or timed-out) run, waiting `initialMs * factor^(n-1)` (capped at `maxMs`) before retry n. */
export interface RetryPolicy {
  /** Attempts in all, the first included: 3 means up to two retries. At least 1. */
  readonly attempts: number;
  readonly backoff: {
    /** Wait before the first retry, in milliseconds. */
    readonly initialMs: number;
    /** Growth of the wait from one retry to the next. Default 2. */
    readonly factor?: number;
    /** Longest wait. Default: no limit. */
    readonly maxMs?: number;
  };
}

/** The argument of `defineJob`. */
export interface JobConfig {
  /** Unique among the scheduler's jobs; also the lock key's prefix. Letters, digits and `._:-`. */
  readonly name: string;
  readonly schedule: JobSchedule;
  /** The work of one attempt. A throw (or a rejected promise) fails the attempt. */
  run(context: JobRunContext): unknown;
  /** Default `skip`: a tick while a run is in progress is recorded as skipped. `queue` keeps one tick to run right after; `allow` runs them side by side. */
  readonly overlap?: OverlapMode;
  /** Delays each scheduled run by a random 0..jitterMs milliseconds, so replicas and jobs do not all start at the same instant. Default 0. */
  readonly jitterMs?: number;
  /** Default: no retries. */
  readonly retries?: RetryPolicy;
  /** Longest run of one attempt; past it the signal is aborted and the attempt ends `timeout`. Default: none. */
  readonly timeoutMs?: number;
}

/** A checked job, ready for `createScheduler`. */
export interface Job {
  readonly name: string;
  readonly schedule: JobSchedule;
  readonly overlap: OverlapMode;
  readonly jitterMs: number;
  readonly retries: Required<Pick<RetryPolicy, 'attempts'>> & { readonly backoff: Required<RetryPolicy['backoff']> };
  readonly timeoutMs: number | undefined;
  run(context: JobRunContext): unknown;
  /** The compiled schedule: `next(after)` gives the first tick after a time. */
  readonly compiled: CompiledSchedule;
}

const namePattern = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

/**
 * Defines a recurring job: its schedule, its work and how it behaves when runs overlap, fail or hang.
 * Everything is checked here, so a bad definition fails at startup with a `KitCronError`
 * (`invalid_config`) naming the job, the value and the fix.
 *
 * @example
 * ```ts
 * import { defineJob } from '@kit/kit-cron';
 *
 * export const nightlyReport = defineJob({
 *   name: 'nightly-report',
 *   schedule: { cron: '0 3 * * *', timezone: 'Europe/Lisbon' },
 *   retries: { attempts: 3, backoff: { initialMs: 1_000, factor: 2, maxMs: 30_000 } },
 *   timeoutMs: 60_000,
 *   async run({ signal, scheduledAt }) {
 *     const response = await fetch(`https://example.com/report?day=${scheduledAt.toISOString().slice(0, 10)}`, { signal });
 *     if (!response.ok) throw new Error(`report service answered ${response.status}`);
 *   },
 * });
 * ```
 */
export function defineJob(config: JobConfig): Job {
  if (config === null || typeof config !== 'object') {
    throw new KitCronError('invalid_config', `defineJob: expected an object { name, schedule, run }, got ${JSON.stringify(config)}.`);
  }
  const { name } = config;
  if (typeof name !== 'string' || !namePattern.test(name)) {
    throw new KitCronError(
      'invalid_config',
      `defineJob: name must be 1 to 128 letters, digits or . _ : - (starting with a letter or digit), got ${JSON.stringify(name)}.`,
    );
  }
  if (typeof config.run !== 'function') {
    throw new KitCronError('invalid_config', `defineJob "${name}": run must be a function (context) => unknown, got ${typeof config.run}.`);
  }
  const overlap = config.overlap ?? 'skip';
  if (overlap !== 'skip' && overlap !== 'queue' && overlap !== 'allow') {
    throw new KitCronError(
      'invalid_config',
      `defineJob "${name}": overlap must be 'skip', 'queue' or 'allow', got ${JSON.stringify(overlap)}.`,
    );
  }
  const jitterMs = config.jitterMs ?? 0;
  if (!Number.isSafeInteger(jitterMs) || jitterMs < 0) {
    throw new KitCronError(
      'invalid_config',
      `defineJob "${name}": jitterMs must be a whole number of milliseconds, 0 or more, got ${String(jitterMs)}.`,
    );
  }
  const timeoutMs = config.timeoutMs;
  if (timeoutMs !== undefined && (!Number.isSafeInteger(timeoutMs) || timeoutMs <= 0)) {
    throw new KitCronError(
      'invalid_config',
      `defineJob "${name}": timeoutMs must be a positive whole number of milliseconds, got ${String(timeoutMs)}.`,
    );
  }
  return Object.freeze({
    name,
    schedule: config.schedule,
    overlap,
    jitterMs,
    retries: checkRetries(name, config.retries),
    timeoutMs,
    run: config.run.bind(config),
    compiled: compileSchedule(name, config.schedule),
  });
}

function checkRetries(name: string, retries: RetryPolicy | undefined): Job['retries'] {
  if (retries === undefined) return { attempts: 1, backoff: { initialMs: 0, factor: 2, maxMs: Number.POSITIVE_INFINITY } };
  const fail = (field: string, rule: string, value: unknown): never => {
    throw new KitCronError('invalid_config', `defineJob "${name}": retries.${field} must be ${rule}, got ${String(value)}.`);
  };
  if (retries === null || typeof retries !== 'object') fail('', 'an object { attempts, backoff: { initialMs, factor?, maxMs? } }', retries);
  if (!Number.isSafeInteger(retries.attempts) || retries.attempts < 1)
    fail('attempts', 'a whole number, 1 or more (attempts in all, the first included)', retries.attempts);
  const backoff = retries.backoff ?? fail('backoff', 'an object { initialMs, factor?, maxMs? }', retries.backoff);
  if (!Number.isFinite(backoff.initialMs) || backoff.initialMs < 0)
    fail('backoff.initialMs', 'a number of milliseconds, 0 or more', backoff.initialMs);
  const factor = backoff.factor ?? 2;
  if (!Number.isFinite(factor) || factor < 1) fail('backoff.factor', 'a number, 1 or more', factor);
  const maxMs = backoff.maxMs ?? Number.POSITIVE_INFINITY;
  if (Number.isNaN(maxMs) || maxMs < backoff.initialMs)
    fail('backoff.maxMs', `a number of milliseconds no smaller than initialMs (${backoff.initialMs})`, maxMs);
  return { attempts: retries.attempts, backoff: { initialMs: backoff.initialMs, factor, maxMs } };
}

/** The wait before attempt `next` (2 or more) of a job. */
export function backoffDelay(job: Job, next: number): number {
  const { initialMs, factor, maxMs } = job.retries.backoff;
  return Math.min(maxMs, initialMs * factor ** (next - 2));
}
