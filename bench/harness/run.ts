/**
 * `npm run bench:harness`: what harness mode costs per loop iteration. BENCH_HARNESS_RUNS scripted runs
 * (default 1,000) of five iterations each (four tool calls, then the answer; a zero-latency model and
 * tool), executed one after another: with a plain `agent.run()`, and through `createHarness` on each
 * store (in memory; kit-db on a SQLite file; kit-db on PostgreSQL when its server is installed). The
 * harness saves every checkpoint and event before the run goes on, so its overhead is the cost of those
 * writes. Rounds alternate between the plain loop and each store so a slow spell of a shared machine
 * hits both; figures are medians of BENCH_HARNESS_ROUNDS rounds. Writes its block of docs/benchmarks.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHarness, createSmartAgent, MemoryRunStore, type AgentTool, type LLMProvider, type RunStore } from '@kit/kit-ai';
import { createDatabase, kitDbRunStore, type KitDatabase } from '@kit/kit-db';
import { hasPostgresServer, startPostgres, type TestPostgres } from '../../test-support/postgres-server.js';
import { writeBenchBlock } from '../report-block.js';
import { median } from '../agent/stats.js';

const RUNS = Number(process.env.BENCH_HARNESS_RUNS ?? 1000);
const ROUNDS = Number(process.env.BENCH_HARNESS_ROUNDS ?? 3);
const ITERATIONS = 5;

const step: AgentTool = {
  name: 'step',
  description: 'Does one step',
  parameters: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
  isConcurrencySafe: true,
  execute: async ({ n }) => ({ done: n }),
};

/** A model that calls `step` four times, then answers; one instance per run. */
function scriptedModel(): LLMProvider {
  let turn = 0;
  return {
    name: 'bench',
    chat: async () => {
      turn++;
      const content = turn < ITERATIONS ? JSON.stringify({ tool: 'step', arguments: { n: turn } }) : 'All steps done.';
      return { content, model: 'bench-1', usage: { promptTokens: 100, completionTokens: 10, totalTokens: 110 } };
    },
  };
}

interface Sample {
  microsPerIteration: number;
  events: number;
  seconds: number;
}

async function plainRound(): Promise<Sample> {
  const started = performance.now();
  for (let index = 0; index < RUNS; index++) {
    const result = await createSmartAgent({ llm: scriptedModel(), tools: [step] }).run('Do the steps.');
    if (result.status !== 'completed') throw new Error(`plain run ended ${result.status}`);
  }
  const seconds = (performance.now() - started) / 1000;
  return { microsPerIteration: (seconds * 1e6) / (RUNS * ITERATIONS), events: 0, seconds };
}

async function harnessRound(store: RunStore, round: number): Promise<Sample> {
  const harness = createHarness({ store, agent: () => ({ llm: scriptedModel(), tools: [step] }) });
  let events = 0;
  const started = performance.now();
  for (let index = 0; index < RUNS; index++) {
    const run = await harness.start({ goal: 'Do the steps.', runId: `bench-${round}-${index}` });
    const result = await run.wait({ timeoutMs: 30_000 });
    if (result.status !== 'completed') throw new Error(`harness run ended ${result.status}: ${result.error ?? ''}`);
  }
  const seconds = (performance.now() - started) / 1000;
  await harness.close();
  for (const run of (await store.listRuns({ limit: 1 })).runs) events = run.lastSequence * RUNS;
  return { microsPerIteration: (seconds * 1e6) / (RUNS * ITERATIONS), events, seconds };
}

interface Subject {
  name: string;
  open(): Promise<RunStore>;
  close(): Promise<void>;
}

async function kitDbSubject(name: string, open: () => Promise<KitDatabase>): Promise<Subject> {
  let db: KitDatabase | undefined;
  return {
    name,
    open: async () => {
      db = await open();
      return kitDbRunStore(db, { createTables: true });
    },
    close: async () => db?.close(),
  };
}

async function main(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'kit-harness-bench-'));
  let postgres: TestPostgres | undefined;
  let files = 0;
  const subjects: Subject[] = [
    { name: 'in memory (MemoryRunStore)', open: async () => new MemoryRunStore(), close: async () => undefined },
    await kitDbSubject('SQLite file (kitDbRunStore)', () =>
      createDatabase({ provider: 'sqlite', url: join(folder, `runs-${++files}.sqlite`), models: [], setDefault: false }),
    ),
  ];
  if (hasPostgresServer()) {
    postgres = await startPostgres();
    const server = postgres;
    subjects.push(
      await kitDbSubject('PostgreSQL (kitDbRunStore)', async () =>
        createDatabase({
          provider: 'postgres',
          url: await server.createDatabase(`harness_bench_${++files}`),
          models: [],
          setDefault: false,
        }),
      ),
    );
  }
  const header = `bench:harness on ${cpus()[0]?.model ?? 'unknown CPU'} (${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)}), Node ${process.version}`;
  console.log(header);
  const lines = [
    '## Harness mode (kit-ai)',
    '',
    `\`npm run bench:harness\`: ${RUNS} scripted runs of ${ITERATIONS} iterations (four tool calls, then the answer; a model and a tool`,
    'that answer at once), one after another, with a plain `agent.run()` and through `createHarness`, which writes the',
    "checkpoint after each reply with calls (with the calls' start events) and the one after their results (with their",
    'end events) before the run goes on: two transactions per iteration. Median of the rounds; the plain loop runs beside',
    'each store in the same round. Overhead = harness µs/iteration − plain µs/iteration.',
    '',
    `_${header}_`,
    '',
    '| Store | plain µs/iteration | harness µs/iteration | overhead µs/iteration | events/run | events written/s |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  try {
    for (const subject of subjects) {
      const plain: Sample[] = [];
      const harness: Sample[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        plain.push(await plainRound());
        const store = await subject.open();
        harness.push(await harnessRound(store, round));
        await subject.close();
      }
      const plainMicros = median(plain.map((sample) => sample.microsPerIteration));
      const harnessMicros = median(harness.map((sample) => sample.microsPerIteration));
      const eventsPerRun = harness[0]!.events / RUNS;
      const eventsPerSecond = median(harness.map((sample) => sample.events / sample.seconds));
      const line = `| ${subject.name} | ${plainMicros.toFixed(1)} | ${harnessMicros.toFixed(1)} | ${(harnessMicros - plainMicros).toFixed(1)} | ${eventsPerRun.toFixed(0)} | ${Math.round(eventsPerSecond).toLocaleString('en-US')} |`;
      console.log(line);
      lines.push(line);
    }
  } finally {
    await postgres?.stop();
    rmSync(folder, { recursive: true, force: true });
  }
  if (process.env.BENCH_HARNESS_WRITE !== '0') await writeBenchBlock('docs/benchmarks.md', 'harness', lines.join('\n'));
}

await main();
