import { describe, expect, it } from 'vitest';
import { createOpsStore } from './create-ops-store.js';
import { manualClock, useTempDatabases } from './testing/temp-files.js';

const tempDatabase = useTempDatabases();
const day = 86_400_000;

describe('retention', () => {
  it('prunes events older than maxAgeDays, at open and on demand, keeping the latest snapshot of each name', () => {
    const path = tempDatabase();
    const clock = manualClock(Date.parse('2026-11-01T00:00:00Z'));
    const first = createOpsStore({
      path,
      clock: clock.now,
      retention: { maxAgeDays: 7 },
      rules: [{ name: 'any-error', match: { status: 'error' }, open: { count: 1, withinMs: 0 } }],
    });
    first.record({ kind: 'error', subject: 'docs', status: 'error', data: { message: 'old' } });
    first.record({ kind: 'error', subject: 'docs', status: 'ok', data: { message: 'fixed' } });
    first.snapshot('index', 'degraded');
    first.snapshot('index', 'ok');
    first.snapshot('cache', 'down');
    clock.advance(3 * day);
    first.record({ kind: 'reload', subject: 'docs' });
    expect(first.prune()).toEqual({ events: 0, incidents: 0, snapshots: 0 });
    first.close();
    clock.advance(5 * day);
    // Opening prunes: the two first events, the resolved incident and the older index snapshot are past 7 days.
    const second = createOpsStore({ path, clock: clock.now, retention: { maxAgeDays: 7 } });
    expect(second.query().map((event) => event.kind)).toEqual(['reload']);
    expect(second.incidents()).toEqual([]);
    expect(second.health().map((snapshot) => [snapshot.name, snapshot.status])).toEqual([
      ['cache', 'down'],
      ['index', 'ok'],
    ]);
    // The reload is 5 days old; 3 days on it is past 7.
    clock.advance(3 * day);
    expect(second.prune()).toEqual({ events: 1, incidents: 0, snapshots: 0 });
    second.close();
  });

  it('keeps at most maxEvents, dropping the oldest, while ids keep growing', () => {
    const ops = createOpsStore({ path: tempDatabase(), retention: { maxEvents: 3 } });
    ops.recordMany(Array.from({ length: 5 }, (_, index) => ({ kind: 'reload' as const, subject: `r${index}`, at: Date.now() + index })));
    expect(ops.prune()).toEqual({ events: 2, incidents: 0, snapshots: 0 });
    expect(ops.query({ order: 'asc' }).map((event) => event.id)).toEqual([3, 4, 5]);
    expect(ops.record({ kind: 'reload', subject: 'r5' }).id).toBe(6);
    ops.close();
  });

  it('keeps open incidents whatever their age', () => {
    const clock = manualClock(Date.parse('2026-11-01T00:00:00Z'));
    const ops = createOpsStore({
      path: tempDatabase(),
      clock: clock.now,
      retention: { maxAgeDays: 1 },
      rules: [{ name: 'e', match: { kind: 'error' }, open: { count: 1, withinMs: 0 } }],
    });
    ops.record({ kind: 'error', subject: 'docs', data: { message: 'x' } });
    clock.advance(10 * day);
    expect(ops.prune()).toEqual({ events: 1, incidents: 0, snapshots: 0 });
    expect(ops.incidents({ open: true })).toHaveLength(1);
    ops.close();
  });
});
