/**
 * Workers on separate connections race for the same runs and append to the same run: each run is
 * claimed exactly once and event sequences come out 1..N without a gap or a repeat. On PostgreSQL and
 * MariaDB the workers are separate database handles in this process; on SQLite they are separate
 * processes, since better-sqlite3 waits for another connection's lock synchronously.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NewRunEvent, RunStore } from '@kit/kit-ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../database/create-database.js';
import { bundleChildScript } from '../testing/bundle-child.js';
import { startTestProviders, stopTestProviders, testProviders } from '../testing/providers.js';
import { kitDbRunStore } from './kit-db-run-store.js';

const runCount = 40;
const workers = 4;
const batchesPerWorker = 10;
const eventsPerBatch = 3;

const event = (label: string): NewRunEvent => ({ type: 'resumed', at: new Date().toISOString(), data: { message: label } });

/** Claims until none is left; the ids this worker got. */
async function claimUntilNone(store: RunStore, owner: string): Promise<string[]> {
  const claimed: string[] = [];
  for (;;) {
    const claim = await store.claimRun({ owner, leaseMs: 60_000 });
    if (claim === undefined) return claimed;
    claimed.push(claim.run.id);
  }
}

/** Appends this worker's batches to the shared run, one after the other; the sequences it was given. */
async function appendBatches(store: RunStore, owner: string): Promise<number[]> {
  const sequences: number[] = [];
  for (let batch = 0; batch < batchesPerWorker; batch++) {
    const stored = await store.appendEvents(
      'shared',
      Array.from({ length: eventsPerBatch }, (_, index) => event(`${owner}-${batch}-${index}`)),
    );
    sequences.push(...stored!.map((appended) => appended.sequence));
  }
  return sequences;
}

async function seed(store: RunStore): Promise<void> {
  for (let index = 0; index < runCount; index++) {
    await store.createRun({ id: `run-${String(index).padStart(2, '0')}`, goal: 'race', metadata: {}, next: { kind: 'start' } });
  }
  await store.createRun({ id: 'shared', goal: 'appends', metadata: {}, next: { kind: 'start' } });
  // The shared run is held, so the claimers race for the other 40 only.
  await store.updateRun('shared', { status: 'paused' });
}

async function expectEachClaimedOnce(store: RunStore, claimedByWorker: readonly string[][]): Promise<void> {
  const claimed = claimedByWorker.flat().sort();
  expect(claimed).toEqual(Array.from({ length: runCount }, (_, index) => `run-${String(index).padStart(2, '0')}`));
  const { runs } = await store.listRuns({ status: 'running', limit: 500 });
  expect(runs).toHaveLength(runCount);
  for (const run of runs) expect(run.attempts).toBe(1);
}

async function expectGaplessSequences(store: RunStore, sequencesByWorker: readonly number[][]): Promise<void> {
  const total = workers * batchesPerWorker * eventsPerBatch;
  const all = Array.from({ length: total }, (_, index) => index + 1);
  expect(sequencesByWorker.flat().sort((a, b) => a - b)).toEqual(all);
  // Each batch got consecutive numbers: all of a call's events land together.
  for (const sequences of sequencesByWorker) {
    for (let start = 0; start < sequences.length; start += eventsPerBatch) {
      expect(sequences.slice(start, start + eventsPerBatch)).toEqual([0, 1, 2].map((offset) => sequences[start]! + offset));
    }
  }
  const stored = await store.readEvents('shared', { limit: total + 10 });
  expect(stored.map((read) => read.sequence)).toEqual(all);
  expect((await store.getRun('shared'))?.lastSequence).toBe(total);
}

describe('separate database handles racing', () => {
  beforeAll(() => startTestProviders());
  afterAll(() => stopTestProviders());

  for (const provider of testProviders.filter((candidate) => candidate.name === 'postgres' || candidate.name === 'mysql')) {
    describe.skipIf(!provider.available)(provider.name, () => {
      it(`claim each of ${runCount} runs once and number appended events without gaps`, { timeout: 60_000 }, async () => {
        const url = await provider.freshUrl();
        const handles = await Promise.all(Array.from({ length: workers }, () => provider.open([], { url, poolSize: 4 })));
        const stores = handles.map((db) => kitDbRunStore(db, { createTables: true }));
        await seed(stores[0]!);

        // Three claim loops per handle, so claimers meet on each connection pool and across them.
        const loops = stores.flatMap((store, worker) => [0, 1, 2].map((loop) => claimUntilNone(store, `w${worker}-${loop}`)));
        await expectEachClaimedOnce(stores[0]!, await Promise.all(loops));

        const appends = await Promise.all(stores.map((store, worker) => appendBatches(store, `w${worker}`)));
        await expectGaplessSequences(stores[0]!, appends);
      });
    });
  }
});

describe('separate processes racing on one SQLite file', () => {
  const source = dirname(fileURLToPath(import.meta.url));
  const repository = join(source, '../../../..');
  let work: string;
  let child: string;

  const childSource = `
import { createDatabase } from ${JSON.stringify(join(source, '../database/create-database.ts'))};
import { kitDbRunStore } from ${JSON.stringify(join(source, 'kit-db-run-store.ts'))};
async function main() {
  const [, , file, owner] = process.argv;
  const db = await createDatabase({ provider: 'sqlite', url: file, models: [], setDefault: false });
  const store = kitDbRunStore(db);
  process.stderr.write('ready\\n');
  await new Promise((resolve) => process.stdin.once('data', resolve));
  const claimed = [];
  for (;;) {
    const claim = await store.claimRun({ owner, leaseMs: 60000 });
    if (claim === undefined) break;
    claimed.push(claim.run.id);
  }
  const sequences = [];
  for (let batch = 0; batch < ${batchesPerWorker}; batch++) {
    const events = Array.from({ length: ${eventsPerBatch} }, (_, index) => ({ type: 'resumed', at: 'now', data: { message: owner + batch + index } }));
    sequences.push(...(await store.appendEvents('shared', events)).map((appended) => appended.sequence));
  }
  await db.close();
  process.stdout.write(JSON.stringify({ claimed, sequences }));
}
main().catch((error) => { process.stderr.write(String((error && error.stack) || error)); process.exit(1); });
`;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'kit-run-store-race-'));
    child = join(work, 'worker.cjs');
    await bundleChildScript(childSource, source, child);
  }, 60_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  function startWorker(file: string, owner: string) {
    const process_ = spawn(process.execPath, [child, file, owner], {
      env: { ...process.env, NODE_PATH: join(repository, 'node_modules') },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let markReady!: () => void;
    const ready = new Promise<void>((resolve) => (markReady = resolve));
    process_.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    process_.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      if (stderr.includes('ready\n')) markReady();
    });
    const done = new Promise<{ claimed: string[]; sequences: number[] }>((resolve, reject) => {
      process_.on('exit', (code) => {
        markReady();
        if (code === 0) resolve(JSON.parse(stdout) as { claimed: string[]; sequences: number[] });
        else reject(new Error(`worker ${owner} exited with ${code}: ${stderr}`));
      });
    });
    return { ready, go: () => process_.stdin.end('go\n'), done };
  }

  it(`claim each of ${runCount} runs once and number appended events without gaps`, { timeout: 60_000 }, async () => {
    const file = join(work, 'runs.db');
    const db = await createDatabase({ provider: 'sqlite', url: file, models: [], setDefault: false });
    const store = kitDbRunStore(db, { createTables: true });
    await seed(store);
    const started = Array.from({ length: workers }, (_, worker) => startWorker(file, `p${worker}`));
    await Promise.all(started.map((worker) => worker.ready));
    for (const worker of started) worker.go();
    const results = await Promise.all(started.map((worker) => worker.done));
    await expectEachClaimedOnce(
      store,
      results.map((result) => result.claimed),
    );
    await expectGaplessSequences(
      store,
      results.map((result) => result.sequences),
    );
    await db.close();
  });
});
