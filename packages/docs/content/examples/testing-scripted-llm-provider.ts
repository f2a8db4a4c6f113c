// ---
// title: Testing an agent with a scripted LLM provider
// description: Replaces the real model with an LLMProvider that returns prepared answers in order, so an agent's run can be tested deterministically and without network access.
// topics: [testing, agents, ai-toolkit]
// relatedDocs: /docs/testing#testing-smart-agents-with-a-scripted-llm
// ---
import { createSmartAgent, type LLMMessage, type LLMProvider, type LLMResponse } from '@kit/kit-ai';
import { describe, expect, it } from 'vitest';

// Any object with a name and a chat() method is an LLMProvider.
function scriptedProvider(answers: string[]): LLMProvider & { seen: LLMMessage[][] } {
  const seen: LLMMessage[][] = [];
  return {
    name: 'scripted',
    seen,
    chat: async (messages: LLMMessage[]): Promise<LLMResponse> => {
      seen.push(messages);
      const content = answers[seen.length - 1] ?? 'No more scripted answers.';
      return { content, model: 'scripted-1', usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 } };
    },
  };
}

describe('summary agent', () => {
  it('finishes with the scripted answer', async () => {
    const llm = scriptedProvider(['The backlog has 3 open tickets.']);
    const agent = createSmartAgent({ llm, tools: [], maxIterations: 3 });

    const run = await agent.run('Summarise the backlog.');

    expect(run.status).toBe('completed');
    expect(run.iterations).toBeLessThanOrEqual(3);
    expect(llm.seen.length).toBeGreaterThan(0);
  });
});
