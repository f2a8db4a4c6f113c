import { describe, expect, it } from 'vitest';
import { createManualClock } from './clock.js';
import { createScheduler } from './create-scheduler.js';
import { defineJob, type JobConfig, type JobRunContext } from './define-job.js';
import { KitCronError } from './errors.js';
import type { JobEvent } from './events.js';

const t = (text: string): number => Date.parse(text);
const minute = 60_000;

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** A seeded generator (mulberry32), so jitter is the same on every run of the test. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function setup(config: Partial<JobConfig> & Pick<JobConfig, 'schedule'>, start: string, extra: { random?: () => number } = {}) {
  const clock = createManualClock(t(start));
  const calls: JobRunContext[] = [];
  const events: JobEvent[] = [];
  const job = defineJob({ name: 'job', run: (context) => void calls.push(context), ...config });
  const scheduler = createScheduler({ jobs: [job], clock, onEvent: (event) => events.push(event), ...extra });
  return { clock, calls, events, scheduler };
}

describe('createScheduler schedules', () => {
  it('runs an interval job on each tick', async () => {
    const { clock, calls, scheduler } = setup({ schedule: { every: '1h' } }, '2026-03-29T00:00:00Z');
    scheduler.start();
    await clock.advance(3 * 3_600_000);
    expect(calls.map((c) => c.scheduledAt.toISOString())).toEqual([
      '2026-03-29T01:00:00.000Z',
      '2026-03-29T02:00:00.000Z',
      '2026-03-29T03:00:00.000Z',
    ]);
    expect(calls.map((c) => c.trigger)).toEqual(['schedule', 'schedule', 'schedule']);
    await scheduler.stop();
  });

  it('runs a cron job at local wall-clock time across the spring DST change', async () => {
    const { clock, calls, scheduler } = setup({ schedule: { cron: '0 3 * * *', timezone: 'Europe/Lisbon' } }, '2026-03-27T12:00:00Z');
    scheduler.start();
    await clock.advance(3 * 24 * 3_600_000);
    expect(calls.map((c) => c.scheduledAt.toISOString())).toEqual([
      '2026-03-28T03:00:00.000Z',
      '2026-03-29T02:00:00.000Z',
      '2026-03-30T02:00:00.000Z',
    ]);
    await scheduler.stop();
  });

  it('runs a repeated autumn wall-clock time once', async () => {
    const { clock, calls, scheduler } = setup({ schedule: { cron: '30 1 * * *', timezone: 'Europe/Lisbon' } }, '2026-10-24T12:00:00Z');
    scheduler.start();
    await clock.advance(2 * 24 * 3_600_000);
    expect(calls.map((c) => c.scheduledAt.toISOString())).toEqual(['2026-10-25T00:30:00.000Z', '2026-10-26T01:30:00.000Z']);
    await scheduler.stop();
  });

  it('reads cron expressions in the job time zone', async () => {
    const { clock, calls, scheduler } = setup({ schedule: { cron: '0 9 * * 1', timezone: 'Asia/Tokyo' } }, '2026-01-01T00:00:00Z');
    scheduler.start();
    expect(scheduler.nextRun('job')?.toISOString()).toBe('2026-01-05T00:00:00.000Z');
    await clock.advance(14 * 24 * 3_600_000);
    expect(calls.map((c) => c.scheduledAt.toISOString())).toEqual(['2026-01-05T00:00:00.000Z', '2026-01-12T00:00:00.000Z']);
    await scheduler.stop();
  });

  it('runs once for the latest missed tick after a pause, then carries on with the schedule', async () => {
    const { clock, calls, scheduler } = setup({ schedule: { every: '1m' } }, '2026-01-01T00:00:00Z');
    scheduler.start();
    await clock.advance(minute);
    await clock.jump(10 * minute + 5_000); // the process was paused for ten minutes
    expect(calls.map((c) => c.scheduledAt.toISOString())).toEqual(['2026-01-01T00:01:00.000Z', '2026-01-01T00:11:00.000Z']);
    await clock.advance(minute);
    expect(calls.map((c) => c.scheduledAt.toISOString()).slice(2)).toEqual(['2026-01-01T00:12:00.000Z']);
    await scheduler.stop();
  });

  it('runs a cron job once after a pause of several days across a DST change', async () => {
    const { clock, calls, scheduler } = setup({ schedule: { cron: '0 3 * * *', timezone: 'Europe/Lisbon' } }, '2026-03-27T12:00:00Z');
    scheduler.start();
    await clock.jump(5 * 24 * 3_600_000);
    expect(calls.map((c) => c.scheduledAt.toISOString())).toEqual(['2026-04-01T02:00:00.000Z']);
    expect(scheduler.nextRun('job')?.toISOString()).toBe('2026-04-02T02:00:00.000Z');
    await clock.advance(24 * 3_600_000);
    expect(calls).toHaveLength(2);
    await scheduler.stop();
  });

  it('does not run after stop, and runs again after a new start', async () => {
    const { clock, calls, scheduler } = setup({ schedule: { every: '1m' } }, '2026-01-01T00:00:00Z');
    scheduler.start();
    scheduler.start();
    await clock.advance(minute);
    await scheduler.stop();
    expect(scheduler.running).toBe(false);
    await clock.advance(5 * minute);
    expect(calls).toHaveLength(1);
    scheduler.start();
    await clock.advance(minute);
    expect(calls).toHaveLength(2);
    await scheduler.stop();
  });

  it('delays each run by a bounded jitter drawn from the random source', async () => {
    const { clock, calls, scheduler } = setup({ schedule: { every: '1m' }, jitterMs: 10_000 }, '2026-01-01T00:00:00Z', {
      random: seeded(42),
    });
    scheduler.start();
    await clock.advance(5 * minute + 10_000);
    const expected = Array.from(
      { length: 5 },
      (
        (random) => () =>
          Math.floor(random() * 10_001)
      )(seeded(42)),
    );
    const history = scheduler.history('job').reverse();
    expect(history.map((r) => r.startedAt.getTime() - r.scheduledAt.getTime())).toEqual(expected);
    expect(expected.every((delay) => delay >= 0 && delay <= 10_000)).toBe(true);
    expect(new Set(expected).size).toBeGreaterThan(1);
    expect(calls).toHaveLength(5);
    await scheduler.stop();
  });
});

describe('createScheduler overlap', () => {
  it("skips ticks while a run is in progress ('skip', the default)", async () => {
    const gate = deferred();
    const { clock, calls, events, scheduler } = setup(
      {
        schedule: { every: '1m' },
        run: async (c) => {
          calls.push(c);
          await gate.promise;
        },
      },
      '2026-01-01T00:00:00Z',
    );
    scheduler.start();
    await clock.advance(3 * minute);
    expect(calls).toHaveLength(1);
    expect(
      events.filter((e) => e.type === 'job.skipped').map((e) => e.type === 'job.skipped' && [e.scheduledAt.toISOString(), e.reason]),
    ).toEqual([
      ['2026-01-01T00:02:00.000Z', 'overlap'],
      ['2026-01-01T00:03:00.000Z', 'overlap'],
    ]);
    gate.resolve();
    await clock.settle();
    expect(scheduler.history('job').map((r) => r.status)).toEqual(['success', 'skipped', 'skipped']);
    await scheduler.stop();
  });

  it("keeps one tick to run right after the current one ('queue')", async () => {
    const gates = [deferred(), deferred()];
    let n = 0;
    const { clock, calls, scheduler } = setup(
      {
        schedule: { every: '1m' },
        overlap: 'queue',
        run: async (c) => {
          calls.push(c);
          await gates[n++]?.promise;
        },
      },
      '2026-01-01T00:00:00Z',
    );
    scheduler.start();
    await clock.advance(3 * minute);
    expect(calls).toHaveLength(1);
    gates[0]!.resolve();
    await clock.settle();
    expect(calls.map((c) => c.scheduledAt.toISOString())).toEqual(['2026-01-01T00:01:00.000Z', '2026-01-01T00:02:00.000Z']);
    expect(
      scheduler
        .history('job')
        .find((r) => r.status === 'skipped')
        ?.scheduledAt.toISOString(),
    ).toBe('2026-01-01T00:03:00.000Z');
    gates[1]!.resolve();
    await clock.settle();
    await scheduler.stop();
  });

  it("runs ticks side by side ('allow')", async () => {
    const gate = deferred();
    let running = 0;
    let most = 0;
    const { clock, scheduler } = setup(
      {
        schedule: { every: '1m' },
        overlap: 'allow',
        run: async () => {
          most = Math.max(most, ++running);
          await gate.promise;
          running--;
        },
      },
      '2026-01-01T00:00:00Z',
    );
    scheduler.start();
    await clock.advance(3 * minute);
    expect(most).toBe(3);
    gate.resolve();
    await clock.settle();
    expect(scheduler.history('job').map((r) => r.status)).toEqual(['success', 'success', 'success']);
    await scheduler.stop();
  });

  it("runs a tick queued behind a runNow once the manual run ends ('queue')", async () => {
    const gate = deferred();
    const { clock, calls, scheduler } = setup(
      {
        schedule: { every: '1m' },
        overlap: 'queue',
        run: async (c) => {
          calls.push(c);
          if (c.trigger === 'manual') await gate.promise;
        },
      },
      '2026-01-01T00:00:30Z',
    );
    scheduler.start();
    const manual = scheduler.runNow('job');
    await clock.advance(minute);
    expect(calls.map((c) => c.trigger)).toEqual(['manual']);
    gate.resolve();
    await manual;
    await clock.settle();
    expect(calls.map((c) => `${c.trigger}@${c.scheduledAt.toISOString()}`)).toEqual([
      'manual@2026-01-01T00:00:30.000Z',
      'schedule@2026-01-01T00:01:00.000Z',
    ]);
    await scheduler.stop();
  });

  it('counts a runNow as running, so a tick during it is skipped', async () => {
    const gate = deferred();
    const { clock, calls, scheduler } = setup(
      {
        schedule: { every: '1m' },
        run: async (c) => {
          calls.push(c);
          await gate.promise;
        },
      },
      '2026-01-01T00:00:30Z',
    );
    scheduler.start();
    const manual = scheduler.runNow('job');
    await clock.advance(minute);
    gate.resolve();
    const record = await manual;
    expect(record).toMatchObject({ status: 'success', trigger: 'manual', attempt: 1, scheduledAt: new Date(t('2026-01-01T00:00:30Z')) });
    expect(calls.map((c) => c.trigger)).toEqual(['manual']);
    expect(scheduler.history('job')[1]).toMatchObject({ status: 'skipped', reason: 'overlap' });
    await scheduler.stop();
  });
});

describe('createScheduler retries and timeouts', () => {
  it('retries with exponential backoff and reports each step', async () => {
    let failures = 2;
    const { clock, events, scheduler } = setup(
      {
        schedule: { every: '1h' },
        retries: { attempts: 4, backoff: { initialMs: 1_000, factor: 3 } },
        run: () => {
          if (failures-- > 0) throw new Error(`flaky ${failures}`);
        },
      },
      '2026-01-01T00:00:00Z',
    );
    scheduler.start();
    await clock.advance(3_600_000);
    await clock.advance(1_000);
    await clock.advance(3_000);
    const tick = t('2026-01-01T01:00:00Z');
    expect(
      events.map((e) => [e.type, 'attempt' in e ? e.attempt : 0, e.at.getTime() - tick, 'delayMs' in e ? e.delayMs : undefined]),
    ).toEqual([
      ['job.started', 1, 0, undefined],
      ['job.retrying', 1, 0, 1_000],
      ['job.started', 2, 1_000, undefined],
      ['job.retrying', 2, 1_000, 3_000],
      ['job.started', 3, 4_000, undefined],
      ['job.succeeded', 3, 4_000, undefined],
    ]);
    expect(events[1]).toMatchObject({ status: 'failure', error: 'flaky 1', runId: events[0]!.runId });
    expect(scheduler.history('job')).toEqual([expect.objectContaining({ status: 'success', attempt: 3, durationMs: 4_000 })]);
    await scheduler.stop();
  });

  it('caps the backoff at maxMs and records the last error when attempts run out', async () => {
    const { clock, events, scheduler } = setup(
      {
        schedule: { every: '1h' },
        retries: { attempts: 3, backoff: { initialMs: 1_000, factor: 10, maxMs: 5_000 } },
        run: ({ attempt }) => Promise.reject(new Error(`down (${attempt})`)),
      },
      '2026-01-01T00:00:00Z',
    );
    scheduler.start();
    await clock.advance(3_600_000 + 6_000);
    expect(events.filter((e) => e.type === 'job.retrying').map((e) => e.type === 'job.retrying' && e.delayMs)).toEqual([1_000, 5_000]);
    expect(events.at(-1)).toMatchObject({ type: 'job.failed', attempt: 3, status: 'failure', error: 'down (3)', durationMs: 6_000 });
    expect(scheduler.history('job')[0]).toMatchObject({ status: 'failure', attempt: 3, error: 'down (3)' });
    await scheduler.stop();
  });

  it('aborts an attempt past timeoutMs and records a timeout', async () => {
    const reasons: unknown[] = [];
    const { clock, events, scheduler } = setup(
      {
        schedule: { every: '1h' },
        timeoutMs: 500,
        retries: { attempts: 2, backoff: { initialMs: 100 } },
        run: ({ signal }) =>
          new Promise<void>((resolve) =>
            signal.addEventListener('abort', () => {
              reasons.push(signal.reason);
              resolve();
            }),
          ),
      },
      '2026-01-01T00:00:00Z',
    );
    scheduler.start();
    await clock.advance(3_600_000 + 500 + 100 + 500);
    expect(reasons).toHaveLength(2);
    expect(reasons[0]).toBeInstanceOf(KitCronError);
    expect((reasons[0] as KitCronError).code).toBe('job_timeout');
    expect(events.map((e) => e.type)).toEqual(['job.started', 'job.retrying', 'job.started', 'job.failed']);
    expect(scheduler.history('job')[0]).toMatchObject({
      status: 'timeout',
      attempt: 2,
      durationMs: 1_100,
      error: 'kit-cron: job "job" attempt 2 ran past its timeoutMs of 500 ms; its signal was aborted.',
    });
    await scheduler.stop();
  });
});

describe('createScheduler stop', () => {
  it('waits for a run in progress to finish', async () => {
    const gate = deferred();
    const { clock, scheduler } = setup({ schedule: { every: '1m' }, run: () => gate.promise }, '2026-01-01T00:00:00Z');
    scheduler.start();
    await clock.advance(minute);
    let stopped = false;
    const stopping = scheduler.stop({ timeoutMs: 10_000 }).then(() => (stopped = true));
    await clock.advance(5_000);
    expect(stopped).toBe(false);
    gate.resolve();
    await stopping;
    expect(scheduler.history('job')[0]).toMatchObject({ status: 'success' });
  });

  it('aborts runs still going after the stop timeout and records them as failures', async () => {
    let reason: unknown;
    const { clock, events, scheduler } = setup(
      {
        schedule: { every: '1m' },
        run: ({ signal }) => new Promise<void>(() => signal.addEventListener('abort', () => (reason = signal.reason))),
      },
      '2026-01-01T00:00:00Z',
    );
    scheduler.start();
    await clock.advance(minute);
    let stopped = false;
    const stopping = scheduler.stop({ timeoutMs: 2_000 }).then(() => (stopped = true));
    await clock.advance(1_999);
    expect(stopped).toBe(false);
    await clock.advance(1);
    await stopping;
    expect((reason as KitCronError).code).toBe('scheduler_stopped');
    expect(events.at(-1)).toMatchObject({ type: 'job.failed', status: 'failure' });
    expect(scheduler.history('job')[0]?.error).toBe(
      `kit-cron: job "job" was still running when the scheduler's stop timeout passed; its signal was aborted.`,
    );
  });

  it('drops a pending retry and records the failure it came from', async () => {
    const { clock, events, scheduler } = setup(
      {
        schedule: { every: '1m' },
        retries: { attempts: 5, backoff: { initialMs: 30_000 } },
        run: () => {
          throw new Error('nope');
        },
      },
      '2026-01-01T00:00:00Z',
    );
    scheduler.start();
    await clock.advance(minute);
    await scheduler.stop();
    expect(events.map((e) => e.type)).toEqual(['job.started', 'job.retrying', 'job.failed']);
    expect(scheduler.history('job')[0]).toMatchObject({ status: 'failure', attempt: 1, error: 'nope' });
  });
});

describe('createScheduler API', () => {
  it('keeps a bounded history, newest first, across jobs', async () => {
    const clock = createManualClock(t('2026-01-01T00:00:00Z'));
    const scheduler = createScheduler({
      clock,
      history: { limit: 2 },
      jobs: [
        defineJob({ name: 'a', schedule: { every: '1m' }, run: () => undefined }),
        defineJob({ name: 'b', schedule: { every: '2m' }, run: () => undefined }),
      ],
    });
    scheduler.start();
    await clock.advance(4 * minute);
    expect(scheduler.history('a').map((r) => r.scheduledAt.toISOString())).toEqual([
      '2026-01-01T00:04:00.000Z',
      '2026-01-01T00:03:00.000Z',
    ]);
    expect(scheduler.history().map((r) => `${r.job}@${r.scheduledAt.getUTCMinutes()}`)).toEqual(['a@4', 'b@4', 'a@3', 'b@2']);
    await scheduler.stop();
  });

  it('keeps running when onEvent throws', async () => {
    const clock = createManualClock(0);
    const warnings: string[] = [];
    const original = console.warn;
    console.warn = (message: string) => void warnings.push(message);
    try {
      const scheduler = createScheduler({
        clock,
        jobs: [defineJob({ name: 'a', schedule: { every: '1s' }, run: () => undefined })],
        onEvent: () => {
          throw new Error('sink down');
        },
      });
      scheduler.start();
      await clock.advance(2_000);
      expect(scheduler.history('a')).toHaveLength(2);
      expect(warnings[0]).toBe('kit-cron: onEvent threw on job.started of job "a": sink down');
      await scheduler.stop();
    } finally {
      console.warn = original;
    }
  });

  it('names unknown jobs and duplicate names', async () => {
    const job = defineJob({ name: 'a', schedule: { every: '1s' }, run: () => undefined });
    const scheduler = createScheduler({ jobs: [job] });
    await expect(scheduler.runNow('b')).rejects.toThrow('scheduler.runNow: no job is named "b"; the scheduler has "a".');
    expect(() => scheduler.nextRun('b')).toThrow(KitCronError);
    expect(() => createScheduler({ jobs: [job, job] })).toThrow('createScheduler: two jobs are named "a"; give each job a unique name.');
    expect(() => createScheduler({ jobs: [{} as never] })).toThrow(
      'createScheduler: jobs[0] is not a job; create each with defineJob(...) or defineAgentJob(...).',
    );
    expect(() => createScheduler({ jobs: [], lockTtlMs: 0 })).toThrow(/lockTtlMs must be a positive whole number/);
  });
});
