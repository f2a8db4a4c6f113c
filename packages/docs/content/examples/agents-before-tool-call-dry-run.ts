// ---
// title: A dry-run mode that stops at the first writing tool with beforeToolCall
// description: Lets reading tools run and refuses the first writing call in the beforeToolCall hook, so the run ends with status approval_required and its pendingApproval shows what the agent would have changed.
// topics: [agents]
// relatedDocs: /docs/agent-hooks-and-checkpoints#beforetoolcall
// ---
import { createSmartAgent, type AgentTool, type LLMProvider } from '@kit/kit-ai';

export async function dryRun(llm: LLMProvider, readTools: AgentTool[], writeTools: AgentTool[], goal: string): Promise<string> {
  const writing = new Set(writeTools.map((tool) => tool.name));
  const agent = createSmartAgent({
    llm,
    // The model sees every tool, so its plan is the real one...
    tools: [...readTools, ...writeTools],
    hooks: {
      // ...reading tools run, but the first writing call is refused: the call is recorded as denied,
      // later calls of the same reply do not start, and the run ends approval_required.
      beforeToolCall: ({ name }) =>
        writing.has(name) ? { allowed: false, reason: 'Dry run: writing tools are not executed.' } : { allowed: true },
    },
  });

  const outcome = await agent.run(goal);
  if (outcome.status === 'approval_required' && outcome.pendingApproval) {
    const { tool, args } = outcome.pendingApproval;
    return `The agent would call ${tool} with ${JSON.stringify(args)}.`;
  }
  return `No writing call was needed (${outcome.status}): ${String(outcome.result)}`;
}

// A scripted model that reads a ticket, then wants to close it.
const replies = ['{"tool": "get_ticket", "arguments": {"id": "T-7"}}', '{"tool": "close_ticket", "arguments": {"id": "T-7"}}'];
const llm: LLMProvider = { name: 'scripted', chat: async () => ({ content: replies.shift() ?? 'Done.', model: 'scripted-1' }) };
const getTicket: AgentTool = { name: 'get_ticket', description: 'Reads a ticket.', execute: async (args) => ({ id: args.id, state: 'solved' }) };
const closeTicket: AgentTool = { name: 'close_ticket', description: 'Closes a ticket.', execute: async (args) => ({ id: args.id, closed: true }) };

console.log(await dryRun(llm, [getTicket], [closeTicket], 'Close T-7 if it is solved.'));
// The agent would call close_ticket with {"id":"T-7"}.
