// The sources, as bench:search does, so the figures are always those of the current code.
import { createSmartAgent } from '../../packages/kit-ai/src/agent/create-smart-agent.js';
import type { SmartAgent } from '../../packages/kit-ai/src/agent/types.js';
import type { LLMProvider } from '../../packages/kit-ai/src/llm/types.js';
import type { AgentTool } from '../../packages/kit-ai/src/tools/types.js';
import { FINAL_ANSWER, GOAL, TOOL_SCHEMA, toolNameAt, toolNames, toolResult, type Conversation } from './conversation.js';

/** A zero-latency provider answering with native tool calls, chosen by how many replies came before. */
function scriptedProvider(conversation: Conversation): LLMProvider {
  return {
    name: 'bench-scripted',
    chat: async (messages) => {
      let step = 0;
      for (const message of messages) if (message.role === 'assistant') step++;
      if (step >= conversation.steps) return { content: FINAL_ANSWER, model: 'bench', finishReason: 'stop' };
      return {
        content: '',
        model: 'bench',
        finishReason: 'tool_calls',
        toolCalls: [{ id: `c${step}`, name: toolNameAt(conversation, step), arguments: { n: step } }],
      };
    },
  };
}

/** A kit agent set up for the conversation; `run()` runs it once and returns the number of tool calls. */
export function kitLoop(conversation: Conversation): { agent: SmartAgent; run(): Promise<number> } {
  const tools: AgentTool[] = toolNames(conversation).map((name) => ({
    name,
    description: `Step tool ${name}`,
    parameters: TOOL_SCHEMA as unknown as Record<string, unknown>,
    execute: async (args) => toolResult(name, args.n as number),
  }));
  const agent = createSmartAgent({ llm: scriptedProvider(conversation), tools, maxIterations: conversation.steps + 1 });
  return {
    agent,
    async run() {
      const outcome = await agent.run(GOAL);
      if (outcome.status !== 'completed' || outcome.result !== FINAL_ANSWER)
        throw new Error(`kit run ended ${outcome.status}: ${outcome.error ?? ''}`);
      return outcome.toolCalls.length;
    },
  };
}
