// ---
// title: Persisting checkpoints to disk and resuming in a new process
// description: Saves every AgentCheckpoint the onCheckpoint hook receives as JSON, and on the next start resumes the run from the saved file - including the calls still pending - instead of starting over.
// topics: [agents, operations]
// relatedDocs: /docs/agent-hooks-and-checkpoints#persisting-checkpoints
// ---
import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createSmartAgent, type AgentCheckpoint, type AgentTool, type LLMProvider } from '@kit/kit-ai';

const CHECKPOINT_FILE = 'nightly-report.checkpoint.json';

async function saveCheckpoint(checkpoint: AgentCheckpoint): Promise<void> {
  // Write then rename, so a crash never leaves a half-written checkpoint behind.
  await writeFile(`${CHECKPOINT_FILE}.tmp`, JSON.stringify(checkpoint));
  await rename(`${CHECKPOINT_FILE}.tmp`, CHECKPOINT_FILE);
}

export async function runNightlyReport(llm: LLMProvider, tools: AgentTool[]) {
  const agent = createSmartAgent({
    llm,
    tools,
    hooks: {
      // Called at initialization, after each iteration's tool results, when a task starts and at every
      // ending but fatal. A fatal run leaves the last checkpoint in the file, so the next start retries it.
      onCheckpoint: async (checkpoint: AgentCheckpoint) => {
        await saveCheckpoint(checkpoint);
      },
    },
  });

  if (existsSync(CHECKPOINT_FILE)) {
    const saved = JSON.parse(await readFile(CHECKPOINT_FILE, 'utf8')) as AgentCheckpoint;
    // completed and canceled are final: resume() rejects them with KitAIError invalid_checkpoint.
    if (saved.stage !== 'completed' && saved.stage !== 'canceled') {
      console.log(`resuming "${saved.goal}" from stage ${saved.stage} after ${saved.iterations} iterations`);
      // Calls left in saved.pendingCalls (a task_wait or a pause before tools) run again first.
      return agent.resume(saved, 'The process restarted. Continue the report from where you stopped.');
    }
  }
  return agent.run('Write the nightly report of new, closed and overdue tickets.');
}
