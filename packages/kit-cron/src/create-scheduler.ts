import { systemClock, type ClockTimer, type SchedulerClock } from './clock.js';
import { backoffDelay, type Job, type JobRunContext } from './define-job.js';
import { errorMessage, KitCronError } from './errors.js';
import type { JobEvent, JobRunRecord, SkipReason } from './events.js';
import { RunHistory } from './history.js';
import { inJobSpan } from './job-span.js';

/**
 * A lock shared by replicas; `RedisStore` of `@kit/kit-core` is one. `tryLock` resolves with a token
 * when this process got the lock, `null` when another holds it.
 */
export interface JobLock {
  tryLock(key: string, ttlMs: number): Promise<string | null>;
}

/** The argument of `createScheduler`. */
export interface SchedulerOptions {
  readonly jobs: readonly Job[];
  /** Default `systemClock`; tests pass `createManualClock()`. */
  readonly clock?: SchedulerClock;
  /**
   * Claims each tick across replicas: before a scheduled run, the scheduler takes the lock
   * `kit-cron:<job>:<tick as ISO time>` for `lockTtlMs` and runs only if it got it. The lock is not
   * released after the run, so a replica that reaches the same tick later skips it too.
   */
  readonly lock?: JobLock;
  /** How long a tick's claim lasts; must exceed the clock skew between replicas plus `jitterMs`. Default 600000 (10 minutes). */
  readonly lockTtlMs?: number;
  /** Receives every job event. A throw from it is written to `console.warn` and otherwise ignored. */
  readonly onEvent?: (event: JobEvent) => void;
  /** The run history: `limit` records per job are kept in memory. Default `{ limit: 100 }`. */
  readonly history?: { readonly limit?: number };
  /** The random source of jitter, returning numbers in [0, 1). Default `Math.random`; tests pass a seeded one. */
  readonly random?: () => number;
}

/** What `createScheduler` returns. */
export interface Scheduler {
  /** Arms every job's next tick. Calling it on a started scheduler does nothing. */
  start(): void;
  /**
   * Stops arming ticks, drops queued ticks, jitter waits and retry waits, then waits up to `timeoutMs`
   * (default 30000, by the scheduler's clock) for runs in progress; runs still going then have their
   * signal aborted with a `scheduler_stopped` error and are recorded as failures. Resolves when done.
   */
  stop(options?: { readonly timeoutMs?: number }): Promise<void>;
  /** Runs a job now, outside its schedule: no lock, no jitter, with its retries and timeout. Resolves with its history record. */
  runNow(name: string): Promise<JobRunRecord>;
  /** The run history, newest first: of one job, or of every job. */
  history(name?: string): JobRunRecord[];
  /** The next tick of a job after now (or after `after`), before jitter; `null` when the schedule has no more. */
  nextRun(name: string, after?: Date): Date | null;
  /** Whether `start` was called and `stop` was not. */
  readonly running: boolean;
}

interface JobState {
  readonly job: Job;
  timer: ClockTimer | undefined;
  nextAt: number | null;
  /** Runs accepted and not finished (waiting for jitter or the lock, or running). */
  active: number;
  queued: number | undefined;
}

interface Attempt {
  readonly controller: AbortController;
  readonly stopAbort: () => void;
}

type Outcome = { readonly ok: true } | { readonly ok: false; readonly status: 'failure' | 'timeout'; readonly error: string };

/**
 * Runs jobs on their schedules in this process. Ticks a job misses while the process is paused (or the
 * machine sleeps) are not replayed one by one: when the process wakes, the job runs once, for the most
 * recent tick that is due, then carries on with the next one after now. With `lock`, each tick runs on
 * one replica only.
 *
 * @example
 * ```ts
 * import { RedisStore } from '@kit/kit-core';
 * import { createScheduler, defineJob } from '@kit/kit-cron';
 *
 * const scheduler = createScheduler({
 *   jobs: [
 *     defineJob({ name: 'cleanup', schedule: { every: '15m' }, jitterMs: 5_000, run: async () => undefined }),
 *     defineJob({ name: 'digest', schedule: { cron: '0 8 * * 1-5', timezone: 'Europe/Lisbon' }, run: async () => undefined }),
 *   ],
 *   lock: new RedisStore({ url: 'redis://127.0.0.1:6379' }),
 *   onEvent: (event) => console.log(event.type, event.job),
 * });
 * scheduler.start();
 * process.once('SIGTERM', () => void scheduler.stop({ timeoutMs: 10_000 }));
 * ```
 */
export function createScheduler(options: SchedulerOptions): Scheduler {
  const clock = options.clock ?? systemClock;
  const random = options.random ?? Math.random;
  const lockTtlMs = options.lockTtlMs ?? 600_000;
  const historyLimit = options.history?.limit ?? 100;
  checkOptions(options, lockTtlMs, historyLimit);

  const states = new Map<string, JobState>();
  for (const job of options.jobs) {
    if (states.has(job.name)) {
      throw new KitCronError('invalid_config', `createScheduler: two jobs are named "${job.name}"; give each job a unique name.`);
    }
    states.set(job.name, { job, timer: undefined, nextAt: null, active: 0, queued: undefined });
  }

  const history = new RunHistory(historyLimit);
  const inFlight = new Set<Promise<unknown>>();
  const attempts = new Set<Attempt>();
  const waits = new Set<{ timer: ClockTimer; resolve: (fired: boolean) => void }>();
  let running = false;
  let stopping = false;
  let runSeq = 0;

  const emit = (event: JobEvent): void => {
    if (options.onEvent === undefined) return;
    try {
      options.onEvent(event);
    } catch (error) {
      console.warn(`kit-cron: onEvent threw on ${event.type} of job "${event.job}": ${errorMessage(error)}`);
    }
  };

  /** A wait on the scheduler's clock that `stop` cuts short (resolving `false`). */
  const wait = (ms: number): Promise<boolean> =>
    new Promise((resolve) => {
      const entry = {
        timer: clock.setTimeout(() => {
          waits.delete(entry);
          resolve(true);
        }, ms),
        resolve,
      };
      waits.add(entry);
    });

  const track = <T>(promise: Promise<T>): Promise<T> => {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise)).catch(() => undefined);
    return promise;
  };

  const arm = (state: JobState, after: number): void => {
    state.nextAt = state.job.compiled.next(after);
    if (state.nextAt === null) return;
    state.timer = clock.setTimeout(() => onTimer(state), state.nextAt - clock.now());
  };

  const onTimer = (state: JobState): void => {
    state.timer = undefined;
    if (!running || state.nextAt === null) return;
    const now = clock.now();
    // A timer may fire a little early; wait for the rest.
    if (now < state.nextAt) {
      state.timer = clock.setTimeout(() => onTimer(state), state.nextAt - now);
      return;
    }
    const tick = latestDue(state.job, state.nextAt, now);
    arm(state, Math.max(now, tick));
    void track(acceptTick(state, tick));
  };

  const skip = (state: JobState, tick: number, reason: SkipReason, error?: string): void => {
    const runId = `${state.job.name}#${++runSeq}`;
    const at = new Date(clock.now());
    const scheduledAt = new Date(tick);
    history.add({
      job: state.job.name,
      runId,
      trigger: 'schedule',
      status: 'skipped',
      scheduledAt,
      startedAt: at,
      durationMs: 0,
      attempt: 0,
      reason,
      ...(error === undefined ? {} : { error }),
    });
    emit({
      type: 'job.skipped',
      job: state.job.name,
      runId,
      scheduledAt,
      at,
      trigger: 'schedule',
      reason,
      ...(error === undefined ? {} : { error }),
    });
  };

  const acceptTick = async (state: JobState, tick: number): Promise<void> => {
    if (state.active > 0 && state.job.overlap !== 'allow') {
      if (state.job.overlap === 'queue' && state.queued === undefined) state.queued = tick;
      else skip(state, tick, 'overlap');
      return;
    }
    state.active++;
    try {
      await scheduledRun(state, tick);
    } finally {
      finished(state);
    }
  };

  /** Ends a run's claim on its job and starts the queued tick, if any, once nothing else runs. */
  const finished = (state: JobState): void => {
    state.active--;
    const queued = state.queued;
    if (queued !== undefined && state.active === 0 && running) {
      state.queued = undefined;
      void track(acceptTick(state, queued));
    }
  };

  const scheduledRun = async (state: JobState, tick: number): Promise<void> => {
    const { job } = state;
    if (job.jitterMs > 0) {
      const delay = Math.floor(random() * (job.jitterMs + 1));
      if (delay > 0 && !(await wait(delay))) return;
    }
    if (!running) return;
    if (options.lock !== undefined) {
      let token: string | null;
      try {
        token = await options.lock.tryLock(`kit-cron:${job.name}:${new Date(tick).toISOString()}`, lockTtlMs);
      } catch (error) {
        skip(state, tick, 'lock_failed', errorMessage(error));
        return;
      }
      if (token === null) {
        skip(state, tick, 'locked');
        return;
      }
    }
    await execute(state, tick, 'schedule');
  };

  const attemptOnce = async (job: Job, context: Omit<JobRunContext, 'signal'>): Promise<Outcome> => {
    const controller = new AbortController();
    let settle: (outcome: Outcome) => void = () => undefined;
    const ended = new Promise<Outcome>((resolve) => (settle = resolve));
    const attempt: Attempt = {
      controller,
      stopAbort: () => {
        const error = new KitCronError(
          'scheduler_stopped',
          `kit-cron: job "${job.name}" was still running when the scheduler's stop timeout passed; its signal was aborted.`,
        );
        controller.abort(error);
        settle({ ok: false, status: 'failure', error: error.message });
      },
    };
    attempts.add(attempt);
    const timer =
      job.timeoutMs === undefined
        ? undefined
        : clock.setTimeout(() => {
            const error = new KitCronError(
              'job_timeout',
              `kit-cron: job "${job.name}" attempt ${context.attempt} ran past its timeoutMs of ${job.timeoutMs} ms; its signal was aborted.`,
            );
            controller.abort(error);
            settle({ ok: false, status: 'timeout', error: error.message });
          }, job.timeoutMs);
    Promise.resolve()
      .then(() => job.run({ ...context, signal: controller.signal }))
      .then(
        () => settle({ ok: true }),
        (error: unknown) => settle({ ok: false, status: 'failure', error: errorMessage(error) }),
      );
    try {
      return await ended;
    } finally {
      attempts.delete(attempt);
      if (timer !== undefined) clock.clearTimeout(timer);
    }
  };

  const execute = (state: JobState, tick: number, trigger: 'schedule' | 'manual'): Promise<JobRunRecord> => {
    const runId = `${state.job.name}#${++runSeq}`;
    const scheduledAt = new Date(tick);
    return inJobSpan({ job: state.job.name, runId, scheduledAt, trigger }, () => attemptAll(state.job, runId, scheduledAt, trigger));
  };

  /** The attempts of one run, until one succeeds or the retries are spent. */
  const attemptAll = async (job: Job, runId: string, scheduledAt: Date, trigger: 'schedule' | 'manual'): Promise<JobRunRecord> => {
    const started = clock.now();
    const base = { job: job.name, runId, scheduledAt, trigger } as const;
    for (let attempt = 1; ; attempt++) {
      emit({ type: 'job.started', ...base, at: new Date(clock.now()), attempt });
      const outcome = await attemptOnce(job, { job: job.name, attempt, scheduledAt, trigger });
      const durationMs = clock.now() - started;
      if (outcome.ok) {
        const record: JobRunRecord = { ...base, status: 'success', startedAt: new Date(started), durationMs, attempt };
        history.add(record);
        emit({ type: 'job.succeeded', ...base, at: new Date(clock.now()), attempt, durationMs });
        return record;
      }
      if (attempt < job.retries.attempts && !stopping) {
        const delayMs = backoffDelay(job, attempt + 1);
        emit({ type: 'job.retrying', ...base, at: new Date(clock.now()), attempt, delayMs, status: outcome.status, error: outcome.error });
        if (await wait(delayMs)) continue;
      }
      const finalDuration = clock.now() - started;
      const record: JobRunRecord = {
        ...base,
        status: outcome.status,
        startedAt: new Date(started),
        durationMs: finalDuration,
        attempt,
        error: outcome.error,
      };
      history.add(record);
      emit({
        type: 'job.failed',
        ...base,
        at: new Date(clock.now()),
        attempt,
        durationMs: finalDuration,
        status: outcome.status,
        error: outcome.error,
      });
      return record;
    }
  };

  const stateOf = (name: string, method: string): JobState => {
    const state = states.get(name);
    if (state === undefined) {
      const known = [...states.keys()].map((key) => `"${key}"`).join(', ') || 'none';
      throw new KitCronError('unknown_job', `scheduler.${method}: no job is named ${JSON.stringify(name)}; the scheduler has ${known}.`);
    }
    return state;
  };

  return {
    start() {
      if (running) return;
      running = true;
      stopping = false;
      const now = clock.now();
      for (const state of states.values()) arm(state, now);
    },
    async stop(stopOptions = {}) {
      const timeoutMs = stopOptions.timeoutMs ?? 30_000;
      if (!Number.isFinite(timeoutMs) || timeoutMs < 0) {
        throw new KitCronError(
          'invalid_config',
          `scheduler.stop: timeoutMs must be a number of milliseconds, 0 or more, got ${String(timeoutMs)}.`,
        );
      }
      running = false;
      stopping = true;
      for (const state of states.values()) {
        if (state.timer !== undefined) clock.clearTimeout(state.timer);
        state.timer = undefined;
        state.queued = undefined;
      }
      for (const entry of [...waits]) {
        clock.clearTimeout(entry.timer);
        waits.delete(entry);
        entry.resolve(false);
      }
      if (inFlight.size > 0) {
        let timer: ClockTimer | undefined;
        const timedOut = new Promise<void>((resolve) => (timer = clock.setTimeout(resolve, timeoutMs)));
        await Promise.race([Promise.allSettled([...inFlight]), timedOut]);
        clock.clearTimeout(timer);
        for (const attempt of [...attempts]) attempt.stopAbort();
        await Promise.allSettled([...inFlight]);
      }
      stopping = false;
    },
    runNow(name) {
      let state: ReturnType<typeof stateOf>;
      try {
        state = stateOf(name, 'runNow');
      } catch (error) {
        // A promise-returning method reports every failure through its promise.
        return Promise.reject(error);
      }
      state.active++;
      return track(execute(state, clock.now(), 'manual').finally(() => finished(state)));
    },
    history(name) {
      if (name !== undefined) stateOf(name, 'history');
      return history.list(name);
    },
    nextRun(name, after) {
      const next = stateOf(name, 'nextRun').job.compiled.next(after?.getTime() ?? clock.now());
      return next === null ? null : new Date(next);
    },
    get running() {
      return running;
    },
  };
}

/** The most recent tick due at `now`, at least the planned one: after a pause, one run stands for all missed ticks. */
function latestDue(job: Job, planned: number, now: number): number {
  return Math.max(planned, job.compiled.latest(now) ?? planned);
}

function checkOptions(options: SchedulerOptions, lockTtlMs: number, historyLimit: number): void {
  if (options === null || typeof options !== 'object' || !Array.isArray(options.jobs)) {
    throw new KitCronError('invalid_config', `createScheduler: expected { jobs: [defineJob(...), ...] }, got ${JSON.stringify(options)}.`);
  }
  for (const [index, job] of options.jobs.entries()) {
    if (job === null || typeof job !== 'object' || typeof job.compiled?.next !== 'function' || typeof job.compiled.latest !== 'function') {
      throw new KitCronError(
        'invalid_config',
        `createScheduler: jobs[${index}] is not a job; create each with defineJob(...) or defineAgentJob(...).`,
      );
    }
  }
  if (!Number.isSafeInteger(lockTtlMs) || lockTtlMs <= 0) {
    throw new KitCronError(
      'invalid_config',
      `createScheduler: lockTtlMs must be a positive whole number of milliseconds, got ${String(lockTtlMs)}.`,
    );
  }
  if (!Number.isSafeInteger(historyLimit) || historyLimit < 1) {
    throw new KitCronError(
      'invalid_config',
      `createScheduler: history.limit must be a whole number, 1 or more, got ${String(historyLimit)}.`,
    );
  }
  if (options.lock !== undefined && typeof options.lock.tryLock !== 'function') {
    throw new KitCronError('invalid_config', `createScheduler: lock must have tryLock(key, ttlMs), such as a RedisStore of @kit/kit-core.`);
  }
}
