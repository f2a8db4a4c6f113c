// ---
// title: Logging a run with afterToolCall, afterIteration and onRunComplete
// description: Uses the three notification hooks of SmartAgentHooks to write a structured log line per tool call, per loop iteration and once when the run ends, without influencing the run.
// topics: [agents, operations]
// relatedDocs: /docs/agent-hooks-and-checkpoints#smartagenthooks
// ---
import { createSmartAgent, type AgentTool, type LLMProvider, type SmartAgentHooks } from '@kit/kit-ai';

function log(event: string, detail: unknown): void {
  // One JSON line per event is easy to ship to any log store.
  process.stderr.write(`${JSON.stringify({ at: new Date().toISOString(), event, detail })}\n`);
}

// The hooks return nothing, so they cannot change the run: a safe place for side effects.
// Their arguments are passed through as they are; your editor shows their exact types.
const observability: SmartAgentHooks = {
  afterToolCall: async (...args) => log('tool_call', args),
  afterIteration: async (...args) => log('iteration', args),
  onRunComplete: async (...args) => log('run_complete', args),
};

export function createObservedAgent(llm: LLMProvider, tools: AgentTool[]) {
  return createSmartAgent({ llm, tools, hooks: observability });
}
