import { generateText, stepCountIs, tool, type ToolSet } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { z } from 'zod';
import { FINAL_ANSWER, GOAL, toolNameAt, toolNames, toolResult, type Conversation } from './conversation.js';

const usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};

/** The AI SDK's mock model on the same script: a tool call per step, then the final text. */
function scriptedModel(conversation: Conversation): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    doGenerate: async (options) => {
      let step = 0;
      for (const message of options.prompt) if (message.role === 'assistant') step++;
      if (step >= conversation.steps) {
        return { content: [{ type: 'text', text: FINAL_ANSWER }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] };
      }
      return {
        content: [
          { type: 'tool-call', toolCallId: `c${step}`, toolName: toolNameAt(conversation, step), input: JSON.stringify({ n: step }) },
        ],
        finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
        usage,
        warnings: [],
      };
    },
  });
}

/** `generateText` with the same tools (validated by zod) and a step limit allowing the whole script. */
export function aiSdkLoop(conversation: Conversation): { run(): Promise<number> } {
  const model = scriptedModel(conversation);
  const tools: ToolSet = {};
  for (const name of toolNames(conversation)) {
    tools[name] = tool({
      description: `Step tool ${name}`,
      inputSchema: z.object({ n: z.number().int().min(0) }).strict(),
      execute: async ({ n }) => toolResult(name, n),
    });
  }
  return {
    async run() {
      const result = await generateText({ model, tools, prompt: GOAL, stopWhen: stepCountIs(conversation.steps + 1) });
      if (result.text !== FINAL_ANSWER) throw new Error(`AI SDK run ended with ${JSON.stringify(result.text)} (${result.finishReason})`);
      return result.steps.reduce((total, step) => total + step.toolCalls.length, 0);
    },
  };
}
