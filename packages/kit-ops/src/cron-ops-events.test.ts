import { createManualClock, createScheduler, defineJob } from '@kit/kit-cron';
import { afterEach, describe, expect, it } from 'vitest';
import { createOpsStore, type OpsStore } from './create-ops-store.js';
import { cronOpsEvents } from './cron-ops-events.js';
import { useTempDatabases } from './testing/temp-files.js';

const tempDatabase = useTempDatabases();
let ops: OpsStore | undefined;
afterEach(() => ops?.close());

describe('cronOpsEvents', () => {
  it('records the runs of a real scheduler as job.run events, and an incident opens on repeated failures', async () => {
    const clock = createManualClock(Date.parse('2026-11-23T00:00:00Z'));
    ops = createOpsStore({
      path: tempDatabase(),
      clock: clock.now,
      rules: [{ name: 'job-failing', match: { kind: 'job.run', status: 'error' }, open: { count: 2, withinMs: 3 * 3_600_000 } }],
    });
    let calls = 0;
    const flaky = defineJob({
      name: 'sync',
      schedule: { every: '1h' },
      retries: { attempts: 2, backoff: { initialMs: 1_000 } },
      run: () => {
        calls += 1;
        // Hour 1: fails then succeeds on retry; hours 2 and 3: fail twice.
        if (calls !== 2) throw new Error(`upstream down (${calls})`);
      },
    });
    const scheduler = createScheduler({ clock, jobs: [flaky], onEvent: cronOpsEvents(ops) });
    scheduler.start();
    await clock.advance(3 * 3_600_000 + 10_000);
    await scheduler.stop();
    const events = ops.query({ kind: 'job.run', order: 'asc' });
    expect(events.map((event) => [event.at, event.status, event.data.phase, event.correlationId])).toEqual([
      ['2026-11-23T01:00:00.000Z', 'pending', 'retrying', 'sync#1'],
      ['2026-11-23T01:00:01.000Z', 'ok', 'succeeded', 'sync#1'],
      ['2026-11-23T02:00:00.000Z', 'pending', 'retrying', 'sync#2'],
      ['2026-11-23T02:00:01.000Z', 'error', 'failed', 'sync#2'],
      ['2026-11-23T03:00:00.000Z', 'pending', 'retrying', 'sync#3'],
      ['2026-11-23T03:00:01.000Z', 'error', 'failed', 'sync#3'],
    ]);
    expect(events[3]).toMatchObject({
      subject: 'sync',
      durationMs: 1_000,
      data: {
        job: 'sync',
        trigger: 'schedule',
        scheduledAt: '2026-11-23T02:00:00.000Z',
        attempt: 2,
        outcome: 'failure',
        error: 'upstream down (4)',
      },
    });
    expect(ops.incidents({ open: true })).toEqual([
      {
        id: 1,
        rule: 'job-failing',
        subject: 'sync',
        kind: 'job.run',
        openedAt: '2026-11-23T03:00:01.000Z',
        eventCount: 2,
        lastEventAt: '2026-11-23T03:00:01.000Z',
      },
    ]);
  });
});
