// ---
// title: Logging a run with afterToolCall, afterIteration and onRunComplete
// description: Uses the three notification hooks of SmartAgentHooks to write a structured log line per tool call (its AgentToolCallRecord), per loop iteration (its IterationSnapshot) and once when the run ends, without influencing the run.
// topics: [agents, operations]
// relatedDocs: /docs/agent-hooks-and-checkpoints#smartagenthooks
// ---
import { createSmartAgent, type AgentTool, type LLMProvider, type SmartAgentHooks } from '@kit/kit-ai';

function log(event: string, detail: unknown): void {
  // One JSON line per event is easy to ship to any log store.
  process.stderr.write(`${JSON.stringify({ at: new Date().toISOString(), event, detail })}\n`);
}

// Their return values are ignored, so they cannot change the run: a safe place for side effects.
// The loop awaits them, and a hook that throws ends the run fatal.
const observability: SmartAgentHooks = {
  // status is success, error (a throw, a timeout, invalid arguments, an unknown name) or denied.
  afterToolCall: ({ id, tool, status, durationMs, error }) => log('tool_call', { id, tool, status, durationMs, error }),
  afterIteration: ({ iteration, usage, estimatedTokens, compactions, finalAnswer, durationMs }) =>
    log('iteration', { iteration, usage, estimatedTokens, compactions, finalAnswer, durationMs }),
  onRunComplete: ({ status, iterations, toolCalls, taskCalls, usage, error }) =>
    log('run_complete', { status, iterations, toolCalls: toolCalls.length, taskCalls: taskCalls.length, usage, error }),
};

export function createObservedAgent(llm: LLMProvider, tools: AgentTool[]) {
  return createSmartAgent({ llm, tools, hooks: observability });
}
