// ---
// title: Pausing for approval and resuming the run
// description: Refuses a dangerous tool call in beforeToolCall until a human approves it - the run stops with status approval_required, the approver sees its pendingApproval, and resume tells the model the decision so it makes the approved call again.
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
  // Calls the approver allowed, keyed by their arguments.
  const approved = new Set<string>();
  const agent = createSmartAgent({
    llm,
    tools: [deleteProject],
    hooks: {
      // allowed: false ends the run approval_required; the model is told to wait for the decision.
      beforeToolCall: ({ name, args }) =>
        name !== 'delete_project' || approved.has(JSON.stringify(args))
          ? { allowed: true }
          : { allowed: false, reason: 'Deleting a project needs the approval of an administrator' },
    },
  });

  let outcome = await agent.run(goal);
  while (outcome.status === 'approval_required' && outcome.pendingApproval && outcome.checkpoint) {
    const { kind, tool, args, reason } = outcome.pendingApproval;
    const yes = await askHuman(`The agent wants to call ${kind} "${tool}" with ${JSON.stringify(args)}: ${reason}. Allow it?`);
    if (yes) approved.add(JSON.stringify(args));
    const checkpoint: AgentCheckpoint = outcome.checkpoint;
    // The refused call is not replayed: the model makes it again, and the hook now allows it.
    outcome = await agent.resume(
      checkpoint,
      yes ? `Approved: you may call ${tool} with these arguments now.` : 'Denied. Do not delete anything; explain what you would have done.',
    );
  }

  if (outcome.status !== 'completed') {
    throw new Error(`run ended with status ${outcome.status}${outcome.error ? `: ${outcome.error}` : ''}`);
  }
  return outcome.result;
}

// A scripted model: it asks to delete, makes the call again once approved, then answers.
const call = '{"tool": "delete_project", "arguments": {"projectId": "p-42"}}';
const replies = [call, call, 'Project p-42 is deleted.'];
const scripted: LLMProvider = { name: 'scripted', chat: async () => ({ content: replies.shift() ?? 'Done.', model: 'scripted-1' }) };

const answer = await runWithApproval(scripted, 'Delete project p-42.', async (question) => {
  console.log(question); // The agent wants to call tool "delete_project" with {"projectId":"p-42"}: ...
  return true;
});
console.log(answer); // Project p-42 is deleted.
