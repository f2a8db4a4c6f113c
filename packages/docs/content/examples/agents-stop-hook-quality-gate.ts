// ---
// title: A stop hook that checks the final answer
// description: Adds a StopHook that evaluates the agent's response before the run ends and sends feedback to the model when the answer does not cite a ticket id.
// topics: [agents]
// relatedDocs: /docs/agent-hooks-and-checkpoints#stop-hooks
// ---
import { createSmartAgent, type AgentTool, type LLMProvider, type StopHook } from '@kit/kit-ai';

const citesTickets: StopHook = {
  name: 'cites-tickets',
  // Evaluated on every reply without tool calls. context carries the response, the messages (the reply
  // included), the tool calls of the run and its goal.
  evaluate: async (context) => {
    if (/\bT-\d+\b/.test(context.response)) return { pass: true };
    return {
      pass: false,
      feedback: `Your answer to "${context.goal}" must name the tickets it is based on, for example T-123.`,
    };
  },
};

// A failing verdict sends its feedback to the model as a user message and costs an iteration; the run
// completes once every stop hook passes. A hook that throws ends the run fatal.
export function createTriageAgent(llm: LLMProvider, tools: AgentTool[]) {
  return createSmartAgent({ llm, tools, stopHooks: [citesTickets] });
}
