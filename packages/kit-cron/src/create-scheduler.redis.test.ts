import { RedisStore } from '@kit/kit-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock, systemClock } from './clock.js';
import { createScheduler } from './create-scheduler.js';
import { defineJob } from './define-job.js';
import type { JobEvent } from './events.js';
import { freePort, hasRedisServer, startRedis, type TestRedis } from '../../../test-support/redis-server.js';

async function waitFor(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the replicas');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const redisInstalled = hasRedisServer();

describe.skipIf(!redisInstalled)(
  `createScheduler with a Redis lock${redisInstalled ? '' : ' (skipped: redis-server is not installed; apt-get install -y redis-server)'}`,
  () => {
    let redis: TestRedis;
    const stores: RedisStore[] = [];
    const store = (prefix: string, url = redis.url): RedisStore => {
      const created = new RedisStore({ url, prefix });
      stores.push(created);
      return created;
    };

    beforeAll(async () => {
      redis = await startRedis();
    });
    afterAll(async () => {
      await Promise.all(stores.map((s) => s.close()));
      await redis?.stop();
    });

    it('runs each tick on exactly one of two replicas', async () => {
      const start = Date.parse('2026-01-01T00:00:30Z'); // mid-minute, so each advance covers a tick and its jitter
      const runs: { replica: string; tick: string }[] = [];
      // One clock for both replicas (their clocks agree), so jitter decides which asks the lock first.
      const clock = createManualClock(start);
      const replicas = ['a', 'b'].map((replica, index) => {
        const events: JobEvent[] = [];
        const job = defineJob({
          name: 'report',
          schedule: { every: '1m' },
          jitterMs: 2_000,
          run: ({ scheduledAt }) => void runs.push({ replica, tick: scheduledAt.toISOString() }),
        });
        // Each replica has its own connection and its own random source, as separate processes would.
        let step = 0;
        const random = (): number => {
          const x = Math.sin(++step * 12.9898 + index * 78.233) * 43_758.5453;
          return x - Math.floor(x);
        };
        const scheduler = createScheduler({ jobs: [job], clock, lock: store('two:'), random, onEvent: (event) => events.push(event) });
        return { scheduler, events };
      });
      for (const replica of replicas) replica.scheduler.start();
      const settled = (): number =>
        replicas.flatMap((replica) => replica.events).filter((event) => event.type === 'job.succeeded' || event.type === 'job.skipped')
          .length;
      for (let minute = 1; minute <= 10; minute++) {
        await clock.advance(60_000);
        // The lock is asked over a real connection: wait (in real time) until both replicas settled the tick.
        await waitFor(() => settled() === 2 * minute);
      }

      const ticks = runs.map((run) => run.tick);
      expect(ticks).toHaveLength(10);
      expect(new Set(ticks).size).toBe(10);
      const skipped = replicas.flatMap((replica) => replica.events.filter((event) => event.type === 'job.skipped'));
      expect(skipped).toHaveLength(10);
      expect(skipped.every((event) => event.type === 'job.skipped' && event.reason === 'locked')).toBe(true);
      expect(new Set(runs.map((run) => run.replica)).size).toBe(2); // the jitter spreads the wins
      await Promise.all(replicas.map((replica) => replica.scheduler.stop()));
    });

    it('runs each tick once across two replicas on the real clock', async () => {
      const runs: string[] = [];
      const schedulers = [0, 1].map(() =>
        createScheduler({
          jobs: [defineJob({ name: 'fast', schedule: { every: 50 }, run: ({ scheduledAt }) => void runs.push(scheduledAt.toISOString()) })],
          clock: systemClock,
          lock: store('real:'),
          lockTtlMs: 5_000,
        }),
      );
      for (const scheduler of schedulers) scheduler.start();
      await new Promise((resolve) => setTimeout(resolve, 600));
      await Promise.all(schedulers.map((scheduler) => scheduler.stop()));
      expect(runs.length).toBeGreaterThanOrEqual(5);
      expect(new Set(runs).size).toBe(runs.length);
      const [a, b] = schedulers.map((scheduler) => scheduler.history('fast').filter((record) => record.status === 'success').length);
      expect(a! + b!).toBe(runs.length);
    });

    it('skips a tick when Redis cannot be asked, rather than risk running it twice', async () => {
      const clock = createManualClock(0);
      const events: JobEvent[] = [];
      let runs = 0;
      const scheduler = createScheduler({
        jobs: [defineJob({ name: 'guarded', schedule: { every: '1s' }, run: () => void runs++ })],
        clock,
        lock: store('down:', `redis://127.0.0.1:${await freePort()}`),
        onEvent: (event) => events.push(event),
      });
      scheduler.start();
      await clock.advance(1_000);
      for (let i = 0; i < 50 && events.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(runs).toBe(0);
      expect(events[0]).toMatchObject({ type: 'job.skipped', reason: 'lock_failed', error: expect.any(String) });
      expect(scheduler.history('guarded')[0]).toMatchObject({ status: 'skipped', reason: 'lock_failed' });
      await scheduler.stop();
    });
  },
);
