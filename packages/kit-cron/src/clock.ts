/** A timer handle of a `SchedulerClock`. */
export type ClockTimer = unknown;

/**
 * Where the scheduler reads the time and sets its timers. The default is the system clock; tests pass
 * `createManualClock()` to move time by hand (DST changes, pauses, long waits) without waiting.
 */
export interface SchedulerClock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
  setTimeout(callback: () => void, delayMs: number): ClockTimer;
  clearTimeout(timer: ClockTimer): void;
}

// setTimeout fires at once for delays over 2^31-1 ms (about 24.8 days); longer waits are chained.
const maxTimerDelay = 2_147_483_647;

/**
 * The real clock: `Date.now()` and Node timers. A started scheduler keeps the process alive, as a
 * worker process needs, until `stop()`.
 *
 * @example
 * ```ts
 * import { createScheduler, defineJob, systemClock } from '@kit/kit-cron';
 *
 * const scheduler = createScheduler({ jobs: [defineJob({ name: 'tick', schedule: { every: '1m' }, run: () => undefined })], clock: systemClock });
 * ```
 */
export const systemClock: SchedulerClock = {
  now: () => Date.now(),
  setTimeout(callback, delayMs) {
    const holder: { timer?: NodeJS.Timeout } = {};
    const due = Date.now() + delayMs;
    const arm = (): void => {
      const left = due - Date.now();
      if (left > maxTimerDelay) holder.timer = setTimeout(arm, maxTimerDelay);
      else holder.timer = setTimeout(callback, Math.max(0, left));
    };
    arm();
    return holder;
  },
  clearTimeout(timer) {
    const holder = timer as { timer?: NodeJS.Timeout };
    if (holder.timer !== undefined) clearTimeout(holder.timer);
  },
};

/** A clock moved by hand; see `createManualClock`. */
export interface ManualClock extends SchedulerClock {
  /**
   * Moves time forward by `ms`, firing each due timer at its own due time, in order (timers due at the
   * same time in the order they were set), and letting the work each starts settle before the next.
   */
  advance(ms: number): Promise<void>;
  /** Moves time forward by `ms` at once, as if the process had been paused, then fires the overdue timers at the new time. */
  jump(ms: number): Promise<void>;
  /** Lets pending promise callbacks and I/O run without moving time. */
  settle(): Promise<void>;
  /** Timers waiting to fire. */
  readonly pending: number;
}

/**
 * A clock for tests: time moves only when `advance` or `jump` is called, so schedules over days, DST
 * changes and pauses are checked in milliseconds of real time.
 *
 * @example
 * ```ts
 * import { createManualClock, createScheduler, defineJob } from '@kit/kit-cron';
 *
 * const clock = createManualClock(Date.parse('2026-03-29T00:00:00Z'));
 * const runs: string[] = [];
 * const scheduler = createScheduler({
 *   clock,
 *   jobs: [defineJob({ name: 'hourly', schedule: { every: '1h' }, run: ({ scheduledAt }) => void runs.push(scheduledAt.toISOString()) })],
 * });
 * scheduler.start();
 * await clock.advance(3 * 3_600_000);
 * console.log(runs.length); // 3
 * await scheduler.stop();
 * ```
 */
export function createManualClock(start: number | Date = 0): ManualClock {
  let now = typeof start === 'number' ? start : start.getTime();
  let sequence = 0;
  const timers = new Map<number, { due: number; callback: () => void }>();

  const settle = async (): Promise<void> => {
    // Several turns, with a macrotask between them, so chains of awaits and real I/O (a file write, a
    // Redis reply) started by a timer can run before time moves again.
    for (let i = 0; i < 20; i++) await new Promise<void>((resolve) => setImmediate(resolve));
  };

  const fireDue = async (until: number, atDueTime: boolean): Promise<void> => {
    for (;;) {
      let nextId: number | undefined;
      let next: { due: number; callback: () => void } | undefined;
      for (const [id, timer] of timers) {
        if (timer.due <= until && (next === undefined || timer.due < next.due)) {
          nextId = id;
          next = timer;
        }
      }
      if (next === undefined || nextId === undefined) break;
      timers.delete(nextId);
      if (atDueTime && next.due > now) now = next.due;
      next.callback();
      await settle();
    }
  };

  return {
    now: () => now,
    setTimeout(callback, delayMs) {
      const id = ++sequence;
      timers.set(id, { due: now + Math.max(0, delayMs), callback });
      return id;
    },
    clearTimeout(timer) {
      timers.delete(timer as number);
    },
    async advance(ms) {
      const target = now + ms;
      await settle();
      await fireDue(target, true);
      now = Math.max(now, target);
      await settle();
      await fireDue(now, true);
    },
    async jump(ms) {
      await settle();
      now += ms;
      await fireDue(now, false);
    },
    settle,
    get pending() {
      return timers.size;
    },
  };
}
