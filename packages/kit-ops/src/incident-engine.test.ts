import { describe, expect, it } from 'vitest';
import { createOpsStore } from './create-ops-store.js';
import { KitOpsError } from './kit-ops-error.js';
import { manualClock, useOpsStores, useTempDatabases } from './testing/temp-files.js';
import type { OpsEventInput, OpsIncidentRule } from './types.js';

const tempDatabase = useTempDatabases();
const store = useOpsStores();

const t0 = Date.parse('2026-11-23T12:00:00Z');
const job = (status: 'ok' | 'error', subject = 'nightly'): OpsEventInput => ({ kind: 'job.run', subject, status, data: { job: subject } });
const failing: OpsIncidentRule = { name: 'job-failing', match: { kind: 'job.run', status: 'error' }, open: { count: 3, withinMs: 60_000 } };

describe('incidents', () => {
  it('open when count matching events of one subject fall within the window, and count later ones', () => {
    const clock = manualClock(t0);
    const ops = store({ path: tempDatabase(), clock: clock.now, rules: [failing] });
    ops.record(job('error'));
    clock.advance(70_000);
    // The first failure fell out of the window: two in the window are not enough.
    ops.record(job('error'));
    ops.record(job('error', 'hourly'));
    clock.advance(10_000);
    ops.record(job('error'));
    expect(ops.incidents()).toEqual([]);
    clock.advance(10_000);
    ops.record(job('error'));
    expect(ops.incidents({ open: true })).toEqual([
      {
        id: 1,
        rule: 'job-failing',
        subject: 'nightly',
        kind: 'job.run',
        openedAt: '2026-11-23T12:01:30.000Z',
        eventCount: 3,
        lastEventAt: '2026-11-23T12:01:30.000Z',
      },
    ]);
    clock.advance(5_000);
    ops.record(job('error'));
    expect(ops.incidents()[0]).toMatchObject({ eventCount: 4, lastEventAt: '2026-11-23T12:01:35.000Z' });
  });

  it('resolve at the first success of the same subject and kind (the default)', () => {
    const clock = manualClock(t0);
    const ops = store({ path: tempDatabase(), clock: clock.now, rules: [{ ...failing, open: { count: 2, withinMs: 60_000 } }] });
    ops.recordMany([job('error'), job('error')]);
    ops.record(job('ok', 'hourly'));
    ops.record({ kind: 'reload', subject: 'nightly', status: 'ok' });
    expect(ops.incidents({ open: true })).toHaveLength(1);
    clock.advance(30_000);
    ops.record(job('ok'));
    expect(ops.incidents({ open: true })).toEqual([]);
    expect(ops.incidents({ open: false })).toEqual([
      {
        id: 1,
        rule: 'job-failing',
        subject: 'nightly',
        kind: 'job.run',
        openedAt: '2026-11-23T12:00:00.000Z',
        resolvedAt: '2026-11-23T12:00:30.000Z',
        eventCount: 2,
        lastEventAt: '2026-11-23T12:00:00.000Z',
      },
    ]);
    // A success also restarts the count: error, ok, error does not open a new incident.
    ops.recordMany([job('error'), job('ok'), job('error')]);
    expect(ops.incidents({ open: true })).toEqual([]);
  });

  it('resolve after a quiet time without matching events, dated at the end of that quiet time', () => {
    const clock = manualClock(t0);
    const rule: OpsIncidentRule = {
      name: 'route-5xx',
      match: (event) => event.kind === 'request' && event.status === 'error',
      open: { count: 1, withinMs: 0 },
      resolve: { quietMs: 120_000 },
    };
    const ops = store({ path: tempDatabase(), clock: clock.now, rules: [rule] });
    const failure: OpsEventInput = {
      kind: 'request',
      subject: 'GET /api/search',
      status: 'error',
      data: { method: 'GET', path: '/api/search', httpStatus: 500 },
    };
    ops.record(failure);
    clock.advance(60_000);
    ops.record(failure);
    clock.advance(119_000);
    expect(ops.incidents({ open: true })).toHaveLength(1);
    clock.advance(1_000);
    expect(ops.incidents()).toEqual([
      {
        id: 1,
        rule: 'route-5xx',
        subject: 'GET /api/search',
        kind: 'request',
        openedAt: '2026-11-23T12:00:00.000Z',
        resolvedAt: '2026-11-23T12:03:00.000Z',
        eventCount: 2,
        lastEventAt: '2026-11-23T12:01:00.000Z',
      },
    ]);
  });

  it('survive a restart: an open incident keeps counting and resolves in the new process, and windows are rebuilt', () => {
    const path = tempDatabase();
    const clock = manualClock(t0);
    const before = createOpsStore({ path, clock: clock.now, rules: [failing] });
    before.recordMany([job('error'), job('error'), job('error'), job('error', 'hourly'), job('error', 'hourly')]);
    before.close();
    clock.advance(1_000);
    const after = store({ path, clock: clock.now, rules: [failing] });
    after.record(job('error'));
    // The two failures of hourly before the restart still count: a third opens its incident.
    after.record(job('error', 'hourly'));
    expect(after.incidents({ open: true }).map((incident) => [incident.subject, incident.eventCount])).toEqual([
      ['hourly', 3],
      ['nightly', 4],
    ]);
    after.record(job('ok'));
    expect(after.incidents({ open: true }).map((incident) => incident.subject)).toEqual(['hourly']);
  });

  it('ignore a match predicate that throws, and reject bad rules with the field and the fix', () => {
    const ops = store({
      path: tempDatabase(),
      rules: [
        {
          name: 'broken',
          match: () => {
            throw new Error('bug');
          },
          open: { count: 1, withinMs: 0 },
        },
      ],
    });
    expect(ops.record(job('error')).id).toBe(1);
    expect(ops.incidents()).toEqual([]);
    const message = (rules: unknown) => {
      try {
        createOpsStore({ path: ':memory:', rules: rules as OpsIncidentRule[] }).close();
      } catch (error) {
        expect((error as KitOpsError).code).toBe('invalid_config');
        return (error as Error).message;
      }
      throw new Error('no error');
    };
    expect(message([failing, failing])).toBe(
      'createOpsStore: rules[1].name "job-failing" is used by an earlier rule; give each rule a distinct name',
    );
    expect(message([{ ...failing, open: { count: 0, withinMs: 1 } }])).toBe(
      'createOpsStore: rules[0].open.count must be a positive integer, got 0',
    );
    expect(message([{ ...failing, resolve: { onSuccess: false } }])).toBe(
      'createOpsStore: rules[0].resolve must set quietMs or onSuccess: true, or the incident could never resolve',
    );
  });
});

describe('incidents shared by two processes on one file', () => {
  it('are opened once, counted by both and resolved by either', () => {
    const path = tempDatabase();
    const clock = manualClock(t0);
    const rule: OpsIncidentRule = { ...failing, open: { count: 1, withinMs: 0 } };
    const first = store({ path, clock: clock.now, rules: [rule] });
    const second = store({ path, clock: clock.now, rules: [rule] });
    first.record(job('error'));
    second.record(job('error'));
    first.record(job('error'));
    expect(first.incidents().map((incident) => [incident.subject, incident.eventCount, incident.resolvedAt])).toEqual([
      ['nightly', 3, undefined],
    ]);
    clock.advance(1000);
    second.record(job('ok'));
    expect(first.incidents()[0]?.resolvedAt).toBe('2026-11-23T12:00:01.000Z');
    // The first process learns the incident is closed at its next failure, which counts afresh.
    clock.advance(1000);
    first.record(job('error'));
    expect(first.incidents().map((incident) => [incident.id, incident.eventCount, incident.resolvedAt === undefined])).toEqual([
      [2, 1, true],
      [1, 3, false],
    ]);
  });
});
