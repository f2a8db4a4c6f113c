import { describe, expect, it } from 'vitest';
import { createOpsStore } from './create-ops-store.js';
import { KitOpsError } from './kit-ops-error.js';
import { manualClock, useOpsStores, useTempDatabases } from './testing/temp-files.js';
import type { OpsEvent, OpsEventInput } from './types.js';
import { thrownBy } from '../../../test-support/rejection.js';

const tempDatabase = useTempDatabases();
const store = useOpsStores();

const t0 = Date.parse('2026-11-23T12:00:00Z');
const failedJob = (at: number, job = 'nightly'): OpsEventInput => ({
  kind: 'job.run',
  subject: job,
  status: 'error',
  at,
  data: { job, error: 'boom' },
});

const errorOf = (run: () => unknown): KitOpsError => thrownBy(run, KitOpsError);

describe('createOpsStore: record and query', () => {
  it('records typed events and returns them as stored, with growing ids and ISO times', () => {
    const clock = manualClock(t0);
    const ops = store({ path: tempDatabase(), clock: clock.now });
    const first = ops.record({
      kind: 'request',
      subject: 'GET /api/search',
      status: 'ok',
      correlationId: 'req-1',
      durationMs: 2.5,
      data: { method: 'GET', path: '/api/search', httpStatus: 200 },
    });
    expect(first).toEqual({
      id: 1,
      at: '2026-11-23T12:00:00.000Z',
      kind: 'request',
      subject: 'GET /api/search',
      status: 'ok',
      correlationId: 'req-1',
      durationMs: 2.5,
      data: { method: 'GET', path: '/api/search', httpStatus: 200 },
    });
    const reload = ops.record({ kind: 'reload', subject: 'docs' });
    expect(reload).toEqual({ id: 2, at: '2026-11-23T12:00:00.000Z', kind: 'reload', subject: 'docs', data: {} });
    expect(ops.query()).toEqual([reload, first]);
  });

  it('filters by kind, subject, correlation id, status and a half-open time range, newest first by default', () => {
    const ops = store({ path: tempDatabase(), clock: () => t0 });
    const events = ops.recordMany([
      failedJob(t0 - 7_200_000),
      failedJob(t0 - 3_600_000),
      { kind: 'job.run', subject: 'nightly', status: 'ok', at: t0 - 1_800_000, correlationId: 'run-9', data: { job: 'nightly' } },
      failedJob(t0 - 60_000, 'hourly'),
      { kind: 'error', subject: 'docs', at: t0, data: { message: 'disk full' } },
    ]);
    const ids = (list: OpsEvent[]) => list.map((event) => event.id);
    expect(ids(ops.query({ kind: 'job.run' }))).toEqual([4, 3, 2, 1]);
    expect(ids(ops.query({ kind: ['job.run', 'error'], order: 'asc', limit: 2 }))).toEqual([1, 2]);
    expect(ids(ops.query({ subject: 'nightly', status: 'error' }))).toEqual([2, 1]);
    expect(ids(ops.query({ correlationId: 'run-9' }))).toEqual([3]);
    expect(ids(ops.query({ since: t0 - 3_600_000, until: new Date(t0) }))).toEqual([4, 3, 2]);
    expect(ids(ops.query({ since: '2026-11-23T11:00:00Z', order: 'asc' }))).toEqual([2, 3, 4, 5]);
    expect(events.map((event) => event.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('writes a batch all or nothing, naming the bad event', () => {
    const ops = store({ path: tempDatabase() });
    const error = errorOf(() => ops.recordMany([failedJob(t0), { kind: 'job.ran', subject: 'x', data: {} } as unknown as OpsEventInput]));
    expect(error.code).toBe('invalid_event');
    expect(error.message).toBe(
      'recordMany: events[1]: kind must be one of "request", "policy", "approval", "agent.run", "tool.call", "job.run", "reload", "error", got "job.ran"',
    );
    expect(ops.query()).toEqual([]);
  });

  it('rejects bad events, queries and options with messages naming the value and the fix', () => {
    const ops = store({ path: tempDatabase() });
    expect(errorOf(() => ops.record({ kind: 'reload', subject: ' ' })).message).toBe(
      'record: subject must be a non-empty string naming what the event is about, got " "',
    );
    expect(errorOf(() => ops.record({ kind: 'reload', subject: 'docs', durationMs: -1 })).message).toContain(
      'durationMs must be a number of milliseconds of 0 or more, got -1',
    );
    expect(errorOf(() => ops.record({ kind: 'reload', subject: 'docs', status: 'fine' as 'ok' })).message).toContain(
      'status must be one of "ok", "error", "denied", "pending", "canceled", got "fine"',
    );
    expect(errorOf(() => ops.query({ since: 'yesterday' })).message).toBe(
      'query: since must be a Date, epoch milliseconds or an ISO 8601 time such as "2026-11-23T16:00:00Z", got "yesterday"',
    );
    expect(errorOf(() => ops.query({ limit: 0 })).code).toBe('invalid_query');
    const config = errorOf(() => createOpsStore({ path: '' }));
    expect(config.code).toBe('invalid_config');
    expect(config.message).toBe(`createOpsStore: path must be a file path such as './.kit/ops.sqlite' or ':memory:', got ""`);
    expect(errorOf(() => createOpsStore({ path: ':memory:', retention: { maxEvents: 1.5 } })).message).toBe(
      'createOpsStore: retention.maxEvents must be a positive integer, got 1.5',
    );
  });

  it('keeps events across a restart: a new store on the same file reads them and goes on numbering', () => {
    const path = tempDatabase();
    const before = createOpsStore({ path });
    before.recordMany([failedJob(t0), failedJob(t0 + 1)]);
    before.close();
    expect(errorOf(() => before.query()).code).toBe('store_closed');
    const after = store({ path });
    expect(after.query({ order: 'asc' }).map((event) => [event.id, event.at])).toEqual([
      [1, '2026-11-23T12:00:00.000Z'],
      [2, '2026-11-23T12:00:00.001Z'],
    ]);
    expect(after.record(failedJob(t0 + 2)).id).toBe(3);
  });

  it('keeps the latest health snapshot of every name', () => {
    const clock = manualClock(t0);
    const ops = store({ path: tempDatabase(), clock: clock.now });
    ops.snapshot('search-index', 'ok', { documents: 120 });
    clock.advance(1000);
    ops.snapshot('search-index', 'degraded', { reason: 'reload failed' });
    ops.snapshot('agent-pool', 'ok');
    expect(ops.health()).toEqual([
      { name: 'agent-pool', status: 'ok', at: '2026-11-23T12:00:01.000Z', details: {} },
      { name: 'search-index', status: 'degraded', at: '2026-11-23T12:00:01.000Z', details: { reason: 'reload failed' } },
    ]);
    expect(errorOf(() => ops.snapshot('x', 'bad' as 'ok')).message).toBe('snapshot: status must be "ok", "degraded" or "down", got "bad"');
  });
});

describe('createOpsStore: tail', () => {
  it('yields events recorded after it starts, filtered, and ends on abort', async () => {
    const ops = store({ path: tempDatabase() });
    ops.record(failedJob(t0));
    const abort = new AbortController();
    const seen: OpsEvent[] = [];
    const reading = (async () => {
      for await (const event of ops.tail({ kind: 'job.run', signal: abort.signal, pollMs: 5000 })) {
        seen.push(event);
        if (seen.length === 2) abort.abort();
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 20));
    ops.record({ kind: 'reload', subject: 'docs' });
    ops.record(failedJob(t0 + 1));
    ops.recordMany([failedJob(t0 + 2), failedJob(t0 + 3)]);
    await reading;
    expect(seen.map((event) => event.id)).toEqual([3, 4]);
  });

  it('sees events another connection writes to the same file, and can replay from an id', async () => {
    const path = tempDatabase();
    const reader = store({ path });
    const writer = store({ path });
    writer.record(failedJob(t0));
    const received: number[] = [];
    const iterator = reader.tail({ pollMs: 10 })[Symbol.asyncIterator]();
    const next = iterator.next();
    writer.record(failedJob(t0 + 1));
    const first = await next;
    received.push((first.value as OpsEvent).id);
    await iterator.return?.();
    expect(received).toEqual([2]);
    const replay: number[] = [];
    for await (const event of reader.tail({ afterId: 0, pollMs: 10 })) {
      replay.push(event.id);
      if (replay.length === 2) break;
    }
    expect(replay).toEqual([1, 2]);
  });

  it('ends live tails when the store closes', async () => {
    const ops = createOpsStore({ path: tempDatabase() });
    const reading = (async () => {
      const seen: number[] = [];
      for await (const event of ops.tail({ pollMs: 60_000 })) seen.push(event.id);
      return seen;
    })();
    await new Promise((resolve) => setTimeout(resolve, 20));
    ops.close();
    expect(await reading).toEqual([]);
  });
});
