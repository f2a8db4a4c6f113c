// ---
// title: A scheduled agent job whose ticks are harness runs
// description: Defines an agent job with a harness instead of a checkpoint store, so each tick is one recorded run that replicas share by its id, runs it once with runNow and reads the run the tick recorded.
// topics: [operations, agents]
// relatedDocs: /docs/agent-harness#scheduled-harness-runs
// ---
import { createHarness, MemoryRunStore, type LLMProvider } from '@kit/kit-ai';
import { createScheduler, defineAgentJob } from '@kit/kit-cron';

const llm: LLMProvider = { name: 'scripted', chat: async () => ({ content: 'Three tickets are overdue.', model: 'scripted-1' }) };

// In production the store is kitDbRunStore(db) of @kit/kit-db, shared by every replica.
const harness = createHarness({ store: new MemoryRunStore(), agent: { llm, tools: [] } });

const overdue = defineAgentJob({
  name: 'overdue-report',
  schedule: { cron: '0 8 * * 1-5', timezone: 'Europe/Paris' },
  timeoutMs: 15 * 60_000,
  harness,
  goal: (context) => `List the tickets overdue on ${context.scheduledAt.toISOString().slice(0, 10)}.`,
});

const scheduler = createScheduler({ jobs: [overdue] });
const record = await scheduler.runNow('overdue-report');
console.log(record.status); // success

// The tick's run stays in the store: anyone can read it, or follow a running one, by its id.
const { runs } = await harness.list({ limit: 1 });
console.log(runs[0]?.id, runs[0]?.status, runs[0]?.result?.result);
await harness.close();
