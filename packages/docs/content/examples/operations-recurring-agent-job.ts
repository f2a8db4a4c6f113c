// ---
// title: A recurring agent job that resumes where it stopped
// description: The body of a nightly job for kit-cron - one bounded smart agent run per turn that saves its checkpoint when it pauses, runs out of iterations or waits for approval, and resumes from it on the next turn.
// topics: [operations, agents]
// relatedDocs: /docs/operations-and-jobs#recurring-agent-jobs
// ---
// jobs/nightly-triage.ts
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createSmartAgent, type AgentCheckpoint, type AgentTool, type LLMProvider } from '@kit/kit-ai';

const CHECKPOINT = '.jobs/nightly-triage.json';

// Call this function from the scheduler that runs your jobs (this documentation shows no kit-cron API).
export async function nightlyTriage(llm: LLMProvider, tools: AgentTool[]): Promise<string> {
  const agent = createSmartAgent({
    llm,
    tools,
    // Unattended runs must be bounded: iterations (per run or resume call, so per turn), output tokens
    // and LLM wait time.
    maxIterations: 15,
    tokenBudget: 4_000,
    llmTimeout: { chatTimeoutMs: 60_000 },
  });

  const saved = existsSync(CHECKPOINT)
    ? (JSON.parse(await readFile(CHECKPOINT, 'utf8')) as AgentCheckpoint)
    : undefined;

  const outcome = saved
    ? await agent.resume(saved, 'Next scheduled turn: continue the triage.')
    : await agent.run('Triage every ticket opened since yesterday: set its priority and product area.');

  switch (outcome.status) {
    case 'completed':
    case 'canceled':
      // Final stages: resume() would reject these checkpoints.
      await rm(CHECKPOINT, { force: true });
      return outcome.status;
    case 'paused':
    case 'max_iterations':
    case 'approval_required':
      if (outcome.checkpoint) {
        await mkdir('.jobs', { recursive: true });
        await writeFile(CHECKPOINT, JSON.stringify(outcome.checkpoint));
      }
      return `${outcome.status}: will resume on the next turn`;
    case 'fatal':
      // A fatal result carries the last checkpoint taken before the failure (a provider outage, say):
      // keep it, so the next turn retries from there.
      if (outcome.checkpoint) {
        await mkdir('.jobs', { recursive: true });
        await writeFile(CHECKPOINT, JSON.stringify(outcome.checkpoint));
      }
      throw new Error(`nightly triage failed: ${outcome.error ?? 'no message'}`);
  }
}
