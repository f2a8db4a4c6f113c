// ---
// title: A recurring agent job that resumes where it stopped
// description: A nightly triage job for kit-cron - defineAgentJob runs a bounded smart agent per tick, saves its checkpoint in a fileCheckpointStore when the run stops at max_iterations, and resumes from it on the next run; here two runNow calls with a scripted model stand in for two nights.
// topics: [operations, agents]
// relatedDocs: /docs/operations-and-jobs#recurring-agent-jobs
// ---
// jobs/nightly-triage.ts
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSmartAgent, type AgentTool, type LLMProvider } from '@kit/kit-ai';
import { createScheduler, defineAgentJob, fileCheckpointStore } from '@kit/kit-cron';

// A scripted model, so the example runs without a network: it asks for one tool call, then answers.
const replies = [JSON.stringify({ tool: 'set_priority', arguments: { ticket: 'T-1', priority: 'high' } }), 'The new ticket is triaged.'];
const llm: LLMProvider = {
  name: 'scripted',
  async chat() {
    return { content: replies.shift() ?? 'Nothing left to do.', model: 'scripted-1' };
  },
};

const setPriority: AgentTool = {
  name: 'set_priority',
  description: 'Sets the priority of a ticket',
  parameters: { type: 'object', properties: { ticket: { type: 'string' }, priority: { type: 'string' } }, required: ['ticket', 'priority'] },
  execute: async ({ ticket, priority }) => `${String(ticket)} is now ${String(priority)}`,
};

const dir = await mkdtemp(join(tmpdir(), 'nightly-triage-'));
const checkpoints = fileCheckpointStore(dir);

const triage = defineAgentJob({
  name: 'nightly-triage',
  schedule: { cron: '0 3 * * *', timezone: 'Europe/Lisbon' },
  timeoutMs: 10 * 60_000, // past it the agent pauses at its next control point and its checkpoint is saved
  retries: { attempts: 2, backoff: { initialMs: 30_000 } }, // a fatal run (agent_failed) is retried once
  // The factory receives hooks that save every checkpoint and pause the agent when the job's signal aborts.
  agent: (hooks) => createSmartAgent({ llm, tools: [setPriority], maxIterations: 1, hooks }),
  goal: 'Triage every ticket opened since yesterday: set its priority.',
  checkpoints,
  resumeMessage: 'Next scheduled run: continue the triage.',
});

const scheduler = createScheduler({
  jobs: [triage],
  onEvent: (event) => console.log(event.type, event.runId),
});
// In a worker process: scheduler.start(), and scheduler.stop() on SIGTERM. Here: two runs by hand.
console.log('next tick:', scheduler.nextRun('nightly-triage')?.toISOString());

const first = await scheduler.runNow('nightly-triage');
// maxIterations 1 ends the run at max_iterations: the job succeeds and the checkpoint stays for next time.
console.log(first.status, 'saved stage:', (await checkpoints.load('nightly-triage'))?.stage); // success saved stage: max_iterations

const second = await scheduler.runNow('nightly-triage');
// The second run resumed the checkpoint and completed, so the checkpoint was deleted.
console.log(second.status, 'saved stage:', (await checkpoints.load('nightly-triage'))?.stage ?? 'none'); // success saved stage: none

console.log(scheduler.history('nightly-triage').map((record) => `${record.runId} ${record.status} ${record.trigger}`));
await scheduler.stop();
await rm(dir, { recursive: true, force: true });
