// ---
// title: Pausing for approval and resuming the run
// description: Handles a run that stopped with status approval_required - shows its pendingApproval to a human and continues from the checkpoint with resume, telling the model what the human decided.
// topics: [agents, policy]
// relatedDocs: /docs/agent-hooks-and-checkpoints#approvals-in-a-run
// ---
import { createSmartAgent, type AgentCheckpoint, type AgentTool, type LLMProvider } from '@kit/kit-ai';

const deleteProject: AgentTool = {
  name: 'delete_project',
  description: 'Permanently deletes a project and all of its tickets.',
  parameters: { type: 'object', properties: { projectId: { type: 'string' } }, required: ['projectId'] },
  failureMode: 'hard',
  execute: async (args) => ({ deleted: String(args.projectId) }),
};

export async function runWithApproval(
  llm: LLMProvider,
  goal: string,
  askHuman: (question: string) => Promise<boolean>,
): Promise<unknown> {
  const agent = createSmartAgent({ llm, tools: [deleteProject] });

  let outcome = await agent.run(goal);
  while (outcome.status === 'approval_required' && outcome.pendingApproval && outcome.checkpoint) {
    const { kind, tool, args, reason } = outcome.pendingApproval;
    const approved = await askHuman(`The agent wants to call ${kind} "${tool}" with ${JSON.stringify(args)}: ${reason}. Allow it?`);
    const checkpoint: AgentCheckpoint = outcome.checkpoint;
    // The message is the new input for the model: tell it what the human decided.
    outcome = await agent.resume(checkpoint, approved ? 'Approved. Go ahead.' : 'Denied. Do not delete anything; explain what you would have done.');
  }

  if (outcome.status !== 'completed') {
    throw new Error(`run ended with status ${outcome.status}${outcome.error ? `: ${outcome.error}` : ''}`);
  }
  return outcome.result;
}
