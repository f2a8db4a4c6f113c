/**
 * Harness runs on PostgreSQL across processes: a worker killed with SIGKILL in the middle of a tool
 * call loses nothing (another worker process takes the run over once the lease runs out, runs the
 * interrupted call again with the same call id, and the run's events go on without a gap), and
 * workers that race for the same runs never execute one twice at once.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHarness, createHarnessWorker, type AgentTool, type LLMProvider } from '@kit/kit-ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJsonLinesChild } from '../../../../test-support/json-lines-child.js';
import { hasPostgresServer, startPostgres, type TestPostgres } from '../../../../test-support/postgres-server.js';
import { createDatabase } from '../database/create-database.js';
import type { KitDatabase } from '../database/types.js';
import { kitDbRunStore } from './kit-db-run-store.js';

const here = dirname(fileURLToPath(import.meta.url));
const workerScript = join(here, 'testing', 'harness-worker-process.ts');
/** A worker process on the test's database. */
const startWorker = (env: Record<string, string>) => startJsonLinesChild(workerScript, env);

describe.skipIf(!hasPostgresServer())('harness workers on PostgreSQL', () => {
  let postgres: TestPostgres;
  let db: KitDatabase;
  let url: string;
  let folder: string;

  beforeAll(async () => {
    postgres = await startPostgres();
    url = await postgres.createDatabase('harness_crash');
    db = await createDatabase({ provider: 'postgres', url, models: [], setDefault: false });
    await kitDbRunStore(db, { createTables: true }).listRuns();
    folder = mkdtempSync(join(tmpdir(), 'kit-harness-crash-'));
  }, 60_000);

  afterAll(async () => {
    await db?.close();
    await postgres?.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('lets another process finish a run whose worker was killed mid-call', async () => {
    const callsFile = join(folder, 'calls.txt');
    writeFileSync(callsFile, '');
    const recorder = createHarness({
      store: kitDbRunStore(db),
      agent: { llm: { name: 'unused', chat: async () => ({ content: '', model: 'x' }) }, tools: [] },
      executeRuns: 'workers',
    });
    const run = await recorder.start({ goal: 'Charge the card for order 77', runId: 'order-77' });

    const first = startWorker({ DATABASE_URL: url, CALLS_FILE: callsFile, HANG: '1', WORKER_NAME: 'first', LEASE_MS: '1500' });
    const charging = await first.waitFor('charging');
    first.child.kill('SIGKILL');
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(await run.status()).toBe('running');

    const second = startWorker({ DATABASE_URL: url, CALLS_FILE: callsFile, WORKER_NAME: 'second', LEASE_MS: '1500' });
    const result = await run.wait({ timeoutMs: 30_000 });
    second.child.kill('SIGTERM');
    await second.exited;

    expect(result).toMatchObject({ status: 'completed', result: 'The card is charged.' });
    // The interrupted call ran again under the same id: the key a tool would deduplicate on.
    const calls = readFileSync(callsFile, 'utf8').trim().split('\n');
    expect(calls).toEqual([`order-77:${String(charging.callId)}`, `order-77:${String(charging.callId)}`]);
    const events = [];
    for await (const event of run.events()) events.push(event);
    expect(events.map((event) => event.sequence)).toEqual(events.map((_, index) => index + 1));
    const claims = events.flatMap((event) => (event.type === 'claimed' ? [event.data] : []));
    expect(claims).toMatchObject([
      { owner: 'first', attempt: 1, reclaimed: false },
      { owner: 'second', attempt: 2, reclaimed: true },
    ]);
    const starts = events.flatMap((event) => (event.type === 'call_started' ? [event.data] : []));
    expect(starts).toMatchObject([
      { callId: charging.callId, rerun: false },
      { callId: charging.callId, rerun: true },
    ]);
    expect(events.filter((event) => event.type === 'call_finished')).toHaveLength(1);
    expect((await run.get()).attempts).toBe(2);
    await recorder.close();
  }, 60_000);

  it('never executes a run twice at once when workers race for them', async () => {
    const executions = new Map<string, number>();
    let concurrent = 0;
    let mostConcurrent = 0;
    const work: AgentTool = {
      name: 'work',
      description: 'Works',
      execute: async (_args, context) => {
        const id = context!.runId!;
        executions.set(id, (executions.get(id) ?? 0) + 1);
        concurrent++;
        mostConcurrent = Math.max(mostConcurrent, concurrent);
        await new Promise((resolve) => setTimeout(resolve, 5));
        concurrent--;
        return 'worked';
      },
    };
    const llm = (): LLMProvider => ({
      name: 'scripted',
      chat: async (messages) => ({
        content: messages.some((message) => message.content.includes('Result of tool work'))
          ? 'Done.'
          : JSON.stringify({ tool: 'work', arguments: {} }),
        model: 'scripted-1',
      }),
    });
    // Four workers, each on its own connection pool, as on four machines.
    const handles = await Promise.all(
      Array.from({ length: 4 }, () => createDatabase({ provider: 'postgres', url, models: [], setDefault: false })),
    );
    const harnesses = handles.map((handle, index) =>
      createHarness({
        store: kitDbRunStore(handle),
        agent: () => ({ llm: llm(), tools: [work] }),
        executeRuns: 'workers',
        executorId: `racer-${index}`,
      }),
    );
    const ids = Array.from({ length: 24 }, (_, index) => `race-${index}`);
    const runs = await Promise.all(ids.map((runId) => harnesses[0]!.start({ goal: 'Work once', runId })));
    const workers = harnesses.map((harness) => createHarnessWorker({ harness, concurrency: 3, pollIntervalMs: 10 }));
    const results = await Promise.all(runs.map((run) => run.wait({ timeoutMs: 30_000 })));
    await Promise.all(workers.map((worker) => worker.close()));
    expect(results.every((result) => result.status === 'completed')).toBe(true);
    expect([...executions.keys()].sort()).toEqual([...ids].sort());
    expect([...executions.values()].every((count) => count === 1)).toBe(true);
    for (const run of runs) expect((await run.get()).attempts).toBe(1);
    await Promise.all(handles.map((handle) => handle.close()));
    // They did run side by side: the race was real.
    expect(mostConcurrent).toBeGreaterThan(1);
  }, 60_000);
});
