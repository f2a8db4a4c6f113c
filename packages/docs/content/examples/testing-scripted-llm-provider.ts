// ---
// title: Testing an agent with a scripted LLM provider
// description: Replaces the real model with an LLMProvider that returns prepared answers in order and records what it was sent, so an agent's run - tool call, results message, final answer - can be tested deterministically and without network access.
// topics: [testing, agents, ai-toolkit]
// relatedDocs: /docs/testing#testing-smart-agents-with-a-scripted-llm
// ---
import { createSmartAgent, type AgentTool, type LLMMessage, type LLMOptions, type LLMProvider, type LLMResponse } from '@kit/kit-ai';
import { describe, expect, it } from 'vitest';

// Any object with a name and a chat() method is an LLMProvider.
function scriptedProvider(answers: string[]): LLMProvider & { seen: LLMMessage[][]; options: (LLMOptions | undefined)[] } {
  const seen: LLMMessage[][] = [];
  const options: (LLMOptions | undefined)[] = [];
  return {
    name: 'scripted',
    seen,
    options,
    chat: async (messages: LLMMessage[], callOptions?: LLMOptions): Promise<LLMResponse> => {
      seen.push(messages);
      options.push(callOptions);
      const content = answers[seen.length - 1] ?? 'No more scripted answers.';
      return { content, model: 'scripted-1', usage: { promptTokens: 10, completionTokens: 5, totalTokens: 15 } };
    },
  };
}

const countTickets: AgentTool = {
  name: 'count_tickets',
  description: 'Counts the open tickets of the backlog.',
  execute: async () => ({ open: 3 }),
};

describe('summary agent', () => {
  it('calls the tool, reads its result and finishes with the scripted answer', async () => {
    // The first reply is a tool call in the text format the loop reads; the second is the final answer.
    const llm = scriptedProvider(['{"tool": "count_tickets", "arguments": {}}', 'The backlog has 3 open tickets.']);
    const agent = createSmartAgent({ llm, tools: [countTickets], maxIterations: 3, tokenBudget: 500 });

    const run = await agent.run('Summarise the backlog.');

    expect(run.status).toBe('completed');
    expect(run.result).toBe('The backlog has 3 open tickets.');
    expect(run.iterations).toBe(2);
    expect(run.toolCalls).toMatchObject([{ id: 'call_1_1', tool: 'count_tickets', status: 'success', result: { open: 3 } }]);
    expect(run.usage).toEqual({ promptTokens: 20, completionTokens: 10, totalTokens: 30 });

    // Every call gets the system prompt (with the tools section), the tool definitions and the token cap.
    expect(llm.seen[0]?.[0]?.content).toContain('## Tools');
    expect(llm.options[0]?.tools?.map((tool) => tool.name)).toEqual(['count_tickets']);
    expect(llm.options[0]?.maxTokens).toBe(500);
    // The second call sees the results message after the recorded tool call.
    expect(llm.seen[1]?.at(-1)).toEqual({ role: 'user', content: 'Result of tool count_tickets (call call_1_1):\n{"open":3}' });
  });
});
