/**
 * `npm run bench:db`: what kit-db's layer costs, on one SQLite file in a temp folder.
 *
 * 1. CRUD routes in process (`app.fetch`) on one file and table of BENCH_DB_ROWS tickets, three apps: kit
 *    (`createKitApp` + `generateCrudRoutes`); hand-written `defineAPI` routes with the same schemas calling
 *    drizzle directly (the kit-db ratio); bare Hono routes calling drizzle with no validation (the
 *    whole-stack ratio). BENCH_DB_ROUNDS rounds; in each, every operation runs BENCH_DB_OPS requests (one at a
 *    time) on each app, the apps taking turns every 25 requests, the order rotating from round to round; the
 *    ratio of an operation is the median of its per-round ratios, so slow spells of a shared machine hit
 *    both sides of each ratio.
 * 2. Reading all BENCH_DB_ROWS tickets in pages of 1,000: `db.list` with its cursor against drizzle keyset pages.
 * 3. Over HTTP with autocannon (BENCH_DB_HTTP_SECONDS per run, 0 to skip): GET by id and a list page.
 * 4. vectorSearch at BENCH_DB_VECTORS vectors of 384 dimensions (in process on SQLite): p50 and p99 of
 *    BENCH_DB_QUERIES queries (k = 10), against reading every vector through drizzle and sorting; the bounded
 *    heap against a full sort; pgvector when a PostgreSQL server with the extension is available.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import autocannon from 'autocannon';
import { createDatabase, type KitDatabase } from '@kit/kit-db';
import { and, asc, getTableColumns, gt, type Column } from 'drizzle-orm';
import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { bareApp, handWrittenApp, kitApp, seedTickets, ticket, type Fetcher } from './crud-apps.js';
import { format, median, percentile, seededRandom } from './stats.js';
import { heapVersusSort, naiveLatencies, searchLatencies, vectorStore } from './vectors.js';
import { pgvectorBench } from './pgvector.js';

const ROUNDS = Number(process.env.BENCH_DB_ROUNDS ?? 15);
const OPS = Number(process.env.BENCH_DB_OPS ?? 300);
const ROWS = Number(process.env.BENCH_DB_ROWS ?? 10_000);
const HTTP_SECONDS = Number(process.env.BENCH_DB_HTTP_SECONDS ?? 3);
const VECTORS = (process.env.BENCH_DB_VECTORS ?? '10000,100000')
  .split(',')
  .map(Number)
  .filter((count) => count > 0);
const QUERIES = Number(process.env.BENCH_DB_QUERIES ?? 20);

const folder = mkdtempSync(join(tmpdir(), 'kit-db-bench-'));
const random = seededRandom(2026);

type Variant = 'kit' | 'handWritten' | 'bare';
const variants: readonly Variant[] = ['kit', 'handWritten', 'bare'];
const operations = ['list 20', 'list 100', 'get', 'create', 'update', 'delete'] as const;
type Operation = (typeof operations)[number];

function request(method: string, path: string, body?: unknown): Request {
  return new Request(
    `http://localhost${path}`,
    body === undefined ? { method } : { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
  );
}

/** Requests in a row one app answers before the next app takes its turn. */
const SLICE = 25;

/**
 * Runs OPS requests of one operation on every app, one request at a time, the apps taking turns every
 * SLICE requests (in `order`), so a slow spell of the shared machine lands on all of them; requests
 * per second of each app. `make` builds request `index` of an app; `check` sees each answer.
 */
async function interleaved(
  apps: Record<Variant, Fetcher>,
  order: readonly Variant[],
  make: (variant: Variant, index: number) => Request,
  check: (variant: Variant, response: Response) => Promise<void> = async (_, response) => void (await response.arrayBuffer()),
): Promise<Record<Variant, number>> {
  const elapsed: Record<Variant, number> = { kit: 0, handWritten: 0, bare: 0 };
  for (let start = 0; start < OPS; start += SLICE) {
    for (const variant of order) {
      const began = performance.now();
      for (let index = start; index < Math.min(OPS, start + SLICE); index++) {
        const response = await apps[variant].fetch(make(variant, index));
        if (!response.ok) throw new Error(`${variant}: request ${index} answered ${response.status}: ${await response.text()}`);
        await check(variant, response);
      }
      elapsed[variant] += performance.now() - began;
    }
  }
  return { kit: OPS / (elapsed.kit / 1000), handWritten: OPS / (elapsed.handWritten / 1000), bare: OPS / (elapsed.bare / 1000) };
}

/** One round of every operation on every app; requests/s by operation and app. */
async function crudRound(
  apps: Record<Variant, Fetcher>,
  order: readonly Variant[],
  ids: readonly string[],
  round: number,
): Promise<Record<Operation, Record<Variant, number>>> {
  const pick = () => ids[Math.floor(random() * ids.length)]!;
  const created: Record<Variant, string[]> = { kit: [], handWritten: [], bare: [] };
  const result = {} as Record<Operation, Record<Variant, number>>;
  result['list 20'] = await interleaved(apps, order, () => request('GET', '/api/tickets?status=open&limit=20'));
  result['list 100'] = await interleaved(apps, order, () => request('GET', '/api/tickets?limit=100'));
  result.get = await interleaved(apps, order, () => request('GET', `/api/tickets/${pick()}`));
  result.create = await interleaved(
    apps,
    order,
    (_, index) =>
      request('POST', '/api/tickets', {
        title: `Round ${round} ticket ${index}`,
        status: 'open',
        priority: index % 5,
        openedAt: '2026-11-23T12:00:00.000Z',
      }),
    async (variant, response) => void created[variant].push(((await response.json()) as { id: string }).id),
  );
  result.update = await interleaved(apps, order, (_, index) => request('PATCH', `/api/tickets/${pick()}`, { priority: index % 5 }));
  result.delete = await interleaved(apps, order, (variant, index) => request('DELETE', `/api/tickets/${created[variant][index]}`));
  return result;
}

/** Every ticket in pages of 1,000: through `db.list` and its cursor, or through drizzle keyset pages. Milliseconds. */
async function readAll(db: KitDatabase, through: 'kit' | 'drizzle'): Promise<number> {
  const began = performance.now();
  let rows = 0;
  if (through === 'kit') {
    let cursor: string | undefined;
    do {
      const page = await db.list(ticket, { limit: 1_000, ...(cursor === undefined ? {} : { cursor }) });
      rows += page.items.length;
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
  } else {
    const drizzle = db.drizzle as BetterSQLite3Database;
    const table = db.table(ticket) as SQLiteTable;
    const id = (getTableColumns(table) as Record<string, Column>).id!;
    let after: string | undefined;
    for (;;) {
      const page = (await drizzle
        .select()
        .from(table)
        .where(after === undefined ? undefined : and(gt(id, after)))
        .orderBy(asc(id))
        .limit(1_000)) as { id: string }[];
      rows += page.length;
      if (page.length < 1_000) break;
      after = page[page.length - 1]!.id;
    }
  }
  if (rows !== ROWS) throw new Error(`read ${rows} rows, expected ${ROWS}`);
  return performance.now() - began;
}

async function httpRun(app: Fetcher & { listen?: unknown }, paths: readonly string[]): Promise<number> {
  const server = serve({ fetch: (req) => app.fetch(req), port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  let next = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: 10,
    duration: HTTP_SECONDS,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length]! }) }],
  });
  await new Promise((resolve) => server.close(resolve));
  if (result.non2xx + result.errors > 0) throw new Error(`HTTP run had ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  return result.requests.average;
}

try {
  console.log(
    `kit-db benchmark · Node ${process.version} · ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}) · load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' / ')} · files in ${folder}`,
  );
  const db = await createDatabase({ provider: 'sqlite', url: join(folder, 'crud.sqlite'), models: [ticket] });
  const ids = await seedTickets(db, ROWS, random);
  const apps: Record<Variant, Fetcher> = { kit: kitApp(db), handWritten: handWrittenApp(db), bare: bareApp(db) };

  // Warm-up: JIT and SQLite's page cache, for every app alike.
  await crudRound(apps, variants, ids, -1);
  const rates: Record<Variant, Record<Operation, number[]>> = {
    kit: {} as Record<Operation, number[]>,
    handWritten: {} as Record<Operation, number[]>,
    bare: {} as Record<Operation, number[]>,
  };
  const perRound: Record<'handWritten' | 'bare', Record<Operation, number[]>> = {
    handWritten: {} as Record<Operation, number[]>,
    bare: {} as Record<Operation, number[]>,
  };
  for (let round = 0; round < ROUNDS; round++) {
    // Rotate who goes first, so no app always runs right after another's garbage.
    const order = variants.map((_, index) => variants[(index + round) % variants.length]!);
    const result = await crudRound(apps, order, ids, round);
    for (const operation of operations) {
      for (const variant of variants) (rates[variant][operation] ??= []).push(result[operation][variant]);
      for (const baseline of ['handWritten', 'bare'] as const)
        (perRound[baseline][operation] ??= []).push(result[operation].kit / result[operation][baseline]);
    }
  }
  console.log(
    `\nCRUD routes in process (app.fetch), ${format(ROWS)} tickets, ${format(OPS)} requests per operation and app in each of ${ROUNDS} rounds; apps taking turns every ${SLICE} requests; requests/s are medians of the rounds, ratios the medians of each round's ratio:\n`,
  );
  console.log(
    '| Operation | kit | hand-written defineAPI + drizzle | bare Hono + drizzle | kit / hand-written | same, best rounds | kit / bare |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  const ratios: number[] = [];
  for (const operation of operations) {
    const [kit, handWritten, bare] = variants.map((variant) => median(rates[variant][operation]));
    const toHandWritten = median(perRound.handWritten[operation]);
    ratios.push(toHandWritten);
    // The fastest round of each app is the one least disturbed by the rest of the machine.
    const bestRatio = Math.max(...rates.kit[operation]) / Math.max(...rates.handWritten[operation]);
    console.log(
      `| ${operation} | ${format(kit!)} | ${format(handWritten!)} | ${format(bare!)} | **${format(toHandWritten, 2)}** | ${format(bestRatio, 2)} | ${format(median(perRound.bare[operation]), 2)} |`,
    );
  }
  const worst = Math.min(...ratios);
  console.log(
    `\n  goal: kit-db's layer under 10 % over direct drizzle (kit / hand-written ≥ 0.91 for every operation): ${worst >= 1 / 1.1 ? 'met' : 'NOT met'} (lowest ${format(worst, 3)})`,
  );

  const kitReads: number[] = [];
  const drizzleReads: number[] = [];
  const readRatios: number[] = [];
  for (let round = 0; round <= ROUNDS; round++) {
    const first = round % 2 === 0 ? 'kit' : 'drizzle';
    const a = await readAll(db, first);
    const b = await readAll(db, first === 'kit' ? 'drizzle' : 'kit');
    if (round === 0) continue;
    const [kitMs, drizzleMs] = first === 'kit' ? [a, b] : [b, a];
    kitReads.push(kitMs);
    drizzleReads.push(drizzleMs);
    readRatios.push(drizzleMs / kitMs);
  }
  console.log(
    `\nAll ${format(ROWS)} tickets in pages of 1,000: db.list ${format(median(kitReads), 1)} ms, drizzle keyset pages ${format(median(drizzleReads), 1)} ms · kit / drizzle throughput = ${format(median(readRatios), 2)} (medians of ${ROUNDS} rounds)`,
  );

  if (HTTP_SECONDS > 0) {
    console.log(
      `\nOver HTTP (autocannon, 10 connections, ${HTTP_SECONDS} s per run, 3 rounds rotating the order; median requests/s, and medians of each round's ratio):\n`,
    );
    console.log('| Request | kit | hand-written | bare | kit / hand-written | kit / bare |');
    console.log('|---|---:|---:|---:|---:|---:|');
    const sets: [string, string[]][] = [
      ['GET by id', ids.slice(0, 200).map((id) => `/api/tickets/${id}`)],
      ['GET list of 20', ['/api/tickets?status=open&limit=20']],
    ];
    for (const [label, paths] of sets) {
      const runs: Record<Variant, number[]> = { kit: [], handWritten: [], bare: [] };
      for (let round = 0; round < 3; round++) {
        for (const variant of variants.map((_, index) => variants[(index + round) % variants.length]!))
          runs[variant].push(await httpRun(apps[variant], paths));
      }
      const ratio = (baseline: Variant) => median(runs.kit.map((kit, round) => kit / runs[baseline][round]!));
      console.log(
        `| ${label} | ${format(median(runs.kit))} | ${format(median(runs.handWritten))} | ${format(median(runs.bare))} | **${format(ratio('handWritten'), 2)}** | ${format(ratio('bare'), 2)} |`,
      );
    }
  }
  await db.close();

  if (VECTORS.length > 0) {
    console.log(`\nvectorSearch, ${384} dimensions, k = 10, in process on SQLite (vectors as JSON text, 8 significant digits):\n`);
    console.log('| Vectors | fill s | vectorSearch p50 ms | p99 ms | read all + sort p50 ms | naive / vectorSearch |');
    console.log('|---:|---:|---:|---:|---:|---:|');
    for (const count of VECTORS) {
      const store = await vectorStore(folder, count, count);
      await searchLatencies(store.db, store.samples, 2, 1);
      const times = await searchLatencies(store.db, store.samples, QUERIES, 7);
      const naive = await naiveLatencies(store.db, store.samples, Math.max(3, Math.min(QUERIES, Math.round(QUERIES / 4))), 7);
      console.log(
        `| ${format(count)} | ${format(store.fillSeconds, 1)} | ${format(percentile(times, 0.5), 1)} | ${format(percentile(times, 0.99), 1)} | ${format(percentile(naive, 0.5), 1)} | ${format(percentile(naive, 0.5) / percentile(times, 0.5), 2)} |`,
      );
      await store.db.close();
    }
    const selection = heapVersusSort(100_000);
    console.log(
      `\nTop 10 of 100,000 scores: bounded heap ${format(selection.heapMs, 2)} ms, full sort ${format(selection.sortMs, 2)} ms (best of 5)`,
    );
    console.log(`\n${await pgvectorBench(VECTORS, QUERIES)}`);
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
