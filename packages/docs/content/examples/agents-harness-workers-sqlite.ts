// ---
// title: Harness runs kept in SQLite and executed by a worker
// description: Keeps harness runs in a SQLite file with kitDbRunStore of kit-db, records a run from one harness that leaves execution to workers, lets a harness worker execute it, and reads the run back from the file.
// topics: [agents, database, operations]
// relatedDocs: /docs/agent-harness#workers-and-leases
// ---
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHarness, createHarnessWorker, type LLMProvider } from '@kit/kit-ai';
import { createDatabase, kitDbRunStore } from '@kit/kit-db';

const llm: LLMProvider = { name: 'scripted', chat: async () => ({ content: 'The weekly summary is written.', model: 'scripted-1' }) };

const folder = await mkdtemp(join(tmpdir(), 'harness-example-'));
const db = await createDatabase({ provider: 'sqlite', url: join(folder, 'runs.sqlite'), models: [] });
// createTables suits a script; an app writes the tables into its migrations with writeRunStoreMigration.
const store = kitDbRunStore(db, { createTables: true });

// The web process records runs; workers (here in the same process) execute them.
const harness = createHarness({ store, agent: { llm, tools: [] }, executeRuns: 'workers' });
const run = await harness.start({ goal: 'Write the weekly summary', metadata: { team: 'support' } });
console.log(await run.status()); // queued

const worker = createHarnessWorker({ harness, concurrency: 2, pollIntervalMs: 50 });
const result = await run.wait({ timeoutMs: 10_000 });
console.log(result.status, result.result); // completed The weekly summary is written.

const record = await (await harness.get(run.id)).get();
console.log(record.attempts, record.lastSequence, record.metadata); // 1 ... { team: 'support' }

await worker.close();
await harness.close();
await db.close();
await rm(folder, { recursive: true, force: true });
