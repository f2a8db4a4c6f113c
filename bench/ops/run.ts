/**
 * `npm run bench:ops`: how fast @kit/kit-ops records and queries, on real SQLite files in a temp folder.
 *
 * 1. Single writes: `record()` one event at a time (each its own transaction): events/s, p50 and p99 latency.
 * 2. Batched writes: `recordMany()` in batches of BENCH_OPS_BATCH events: events/s and the p99 latency of a
 *    batch and per event; the baseline is raw better-sqlite3 inserting the same rows into the same table and
 *    indexes in one transaction per batch, measured in the same run, BENCH_OPS_ROUNDS rounds alternating (medians;
 *    the ratio is kit-ops / raw).
 * 3. Range queries over BENCH_OPS_EVENTS events (1M by default) spread evenly over ten days: every event of a
 *    random one-hour window (about 4,200 events), and the newest 100 of one kind in a one-hour window.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { createOpsStore, opsEventKinds, type OpsEventInput } from '@kit/kit-ops';
import { percentile } from './percentile.js';

const SINGLE = Number(process.env.BENCH_OPS_SINGLE ?? 20_000);
const BATCHED = Number(process.env.BENCH_OPS_BATCHED ?? 200_000);
const BATCH = Number(process.env.BENCH_OPS_BATCH ?? 1_000);
const ROUNDS = Number(process.env.BENCH_OPS_ROUNDS ?? 3);
const EVENTS = Number(process.env.BENCH_OPS_EVENTS ?? 1_000_000);
const QUERIES = Number(process.env.BENCH_OPS_QUERIES ?? 30);
const SPAN_MS = 10 * 86_400_000;
const HOUR_MS = 3_600_000;

const folder = mkdtempSync(join(tmpdir(), 'kit-ops-bench-'));
const start = Date.parse('2026-11-01T00:00:00Z');

/** A realistic request event: a route, an HTTP status, a request id. */
function event(index: number, at: number): OpsEventInput {
  const failed = index % 50 === 0;
  return {
    kind: 'request',
    subject: `GET /api/route-${index % 40}`,
    status: failed ? 'error' : 'ok',
    at,
    correlationId: `req-${index}`,
    durationMs: (index % 97) / 10,
    data: { method: 'GET', path: `/api/route-${index % 40}`, httpStatus: failed ? 500 : 200 },
  };
}

function round(value: number, digits = 1): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
}

function singleWrites(): { perSecond: number; p50: number; p99: number } {
  const ops = createOpsStore({ path: join(folder, 'single.sqlite') });
  const latencies: number[] = [];
  const began = performance.now();
  for (let index = 0; index < SINGLE; index++) {
    const t = performance.now();
    ops.record(event(index, start + index));
    latencies.push(performance.now() - t);
  }
  const elapsed = performance.now() - began;
  ops.close();
  return { perSecond: SINGLE / (elapsed / 1000), p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99) };
}

function batchedWrites(round: number): { perSecond: number; latencies: number[] } {
  const ops = createOpsStore({ path: join(folder, `batched-${round}.sqlite`) });
  const latencies: number[] = [];
  const began = performance.now();
  for (let offset = 0; offset < BATCHED; offset += BATCH) {
    const batch = Array.from({ length: BATCH }, (_, index) => event(offset + index, start + offset + index));
    const t = performance.now();
    ops.recordMany(batch);
    latencies.push(performance.now() - t);
  }
  const elapsed = performance.now() - began;
  ops.close();
  return { perSecond: BATCHED / (elapsed / 1000), latencies };
}

/** Raw better-sqlite3 on the same schema (a kit-ops file, emptied), one prepared insert per row, one transaction per batch. */
function rawBaseline(round: number): number {
  const path = join(folder, `raw-${round}.sqlite`);
  createOpsStore({ path }).close();
  const Driver = createRequire(import.meta.url)('better-sqlite3') as typeof Database;
  const db = new Driver(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  const insert = db.prepare(
    'INSERT INTO ops_events (at, kind, subject, status, correlation_id, duration_ms, data) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const insertBatch = db.transaction((rows: OpsEventInput[]) => {
    for (const row of rows)
      insert.run(
        row.at as number,
        row.kind,
        row.subject,
        row.status ?? null,
        row.correlationId ?? null,
        row.durationMs ?? null,
        JSON.stringify(row.data),
      );
  });
  const began = performance.now();
  for (let offset = 0; offset < BATCHED; offset += BATCH) {
    insertBatch(Array.from({ length: BATCH }, (_, index) => event(offset + index, start + offset + index)));
  }
  const elapsed = performance.now() - began;
  db.close();
  return BATCHED / (elapsed / 1000);
}

function rangeQueries(): {
  fillSeconds: number;
  hourAll: { p50: number; p99: number; rows: number };
  hourKind: { p50: number; p99: number; rows: number };
} {
  const ops = createOpsStore({
    path: join(folder, 'million.sqlite'),
    retention: { maxEvents: EVENTS, maxAgeDays: 3650 },
    clock: () => start + SPAN_MS,
  });
  const began = performance.now();
  const step = SPAN_MS / EVENTS;
  for (let offset = 0; offset < EVENTS; offset += 10_000) {
    ops.recordMany(
      Array.from({ length: Math.min(10_000, EVENTS - offset) }, (_, index) => {
        const number = offset + index;
        const input = event(number, Math.floor(start + number * step));
        // Mix the kinds so a kind filter has to skip most rows.
        const kind = opsEventKinds[number % opsEventKinds.length];
        return kind === 'request'
          ? input
          : ({
              kind,
              subject: input.subject,
              status: input.status,
              at: input.at,
              data: {
                job: 'x',
                message: 'x',
                agent: 'a',
                tool: 't',
                callId: 'c',
                iteration: 1,
                runStatus: 'completed',
                iterations: 1,
                toolCalls: 0,
                policy: 'p',
                allowed: true,
                decision: 'granted',
              },
            } as OpsEventInput);
      }),
    );
  }
  const fillSeconds = (performance.now() - began) / 1000;
  const measure = (run: (since: number) => number) => {
    const times: number[] = [];
    let rows = 0;
    for (let index = 0; index < QUERIES; index++) {
      const since = start + Math.floor((((index * 7919) % 1000) / 1000) * (SPAN_MS - HOUR_MS));
      const t = performance.now();
      rows = run(since);
      times.push(performance.now() - t);
    }
    return { p50: percentile(times, 0.5), p99: percentile(times, 0.99), rows };
  };
  // Warm the page cache the way a running service has it.
  ops.query({ since: start, until: start + HOUR_MS, limit: 1_000_000 });
  const hourAll = measure((since) => ops.query({ since, until: since + HOUR_MS, limit: 1_000_000, order: 'asc' }).length);
  const hourKind = measure((since) => ops.query({ kind: 'request', since, until: since + HOUR_MS, limit: 100 }).length);
  ops.close();
  return { fillSeconds, hourAll, hourKind };
}

try {
  console.log(
    `kit-ops benchmark · Node ${process.version} · ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}) · files in ${folder}`,
  );
  const single = singleWrites();
  console.log(
    `record() one at a time   ${round(single.perSecond, 0)} events/s · latency p50 ${round(single.p50 * 1000, 0)} µs, p99 ${round(single.p99 * 1000, 0)} µs (${SINGLE.toLocaleString('en-US')} events)`,
  );
  // Rounds alternate between kit-ops and the raw baseline, so load from elsewhere on the machine hits both alike.
  const kitRates: number[] = [];
  const rawRates: number[] = [];
  const latencies: number[] = [];
  for (let index = 0; index < ROUNDS; index++) {
    const run = batchedWrites(index);
    kitRates.push(run.perSecond);
    latencies.push(...run.latencies);
    rawRates.push(rawBaseline(index));
  }
  const batchP99 = percentile(latencies, 0.99);
  const batched = { perSecond: percentile(kitRates, 0.5), batchP99, perEventP99: batchP99 / BATCH };
  const raw = percentile(rawRates, 0.5);
  console.log(
    `recordMany(${BATCH})         ${round(batched.perSecond, 0)} events/s · batch latency p99 ${round(batched.batchP99, 2)} ms (${round(batched.perEventP99 * 1000, 1)} µs per event) (median of ${ROUNDS} rounds of ${BATCHED.toLocaleString('en-US')} events)`,
  );
  console.log(
    `raw better-sqlite3       ${round(raw, 0)} events/s, same table and indexes, one transaction per ${BATCH} · kit-ops / raw = ${round(batched.perSecond / raw, 2)}`,
  );
  console.log(`  goal >= 50,000 events/s batched: ${batched.perSecond >= 50_000 ? 'met' : 'NOT met'}`);
  const queries = rangeQueries();
  console.log(`${EVENTS.toLocaleString('en-US')} events over 10 days written in ${round(queries.fillSeconds, 1)} s`);
  console.log(
    `one-hour range, all events   p50 ${round(queries.hourAll.p50, 2)} ms, p99 ${round(queries.hourAll.p99, 2)} ms (${queries.hourAll.rows.toLocaleString('en-US')} events returned; ${QUERIES} random hours)`,
  );
  console.log(
    `one-hour range, kind, 100     p50 ${round(queries.hourKind.p50, 2)} ms, p99 ${round(queries.hourKind.p99, 2)} ms (${queries.hourKind.rows} events returned)`,
  );
  console.log(`  goal one-hour range query < 50 ms: ${queries.hourAll.p99 < 50 ? 'met' : 'NOT met'} (p99 of the all-events query)`);
} finally {
  rmSync(folder, { recursive: true, force: true });
}
