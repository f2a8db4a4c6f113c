// ---
// title: Testing an evolving agent with InMemoryEvolutionStore
// description: A vitest file that runs an agent with evolution on a fresh InMemoryEvolutionStore and scripted models, then inspects the store - the captured experience, the distilled strategy - and checks that the next run shows the strategy and rates it.
// topics: [testing, agents, memory]
// relatedDocs: /docs/evolution#inmemoryevolutionstore
// ---
import { InMemoryEvolutionStore, LlmDistiller, createSmartAgent, type LLMProvider, type LLMMessage } from '@kit/kit-ai';
import { describe, expect, it } from 'vitest';

// The agent's model: answers at once, and remembers the system prompts it was sent.
function scriptedAgentModel(seen: string[]): LLMProvider {
  return {
    name: 'scripted',
    chat: async (messages: LLMMessage[]) => {
      seen.push(messages.find((message) => message.role === 'system')?.content ?? '');
      return { content: 'Done: the duplicate charge was refunded.', model: 'scripted' };
    },
  };
}

// The distiller's model: answers with the JSON shape LlmDistiller asks for.
const distillerModel: LLMProvider = {
  name: 'scripted-distiller',
  chat: async () => ({ content: '{"strategies": [{"content": "Check for a duplicate charge before refunding."}]}', model: 'scripted' }),
};

describe('evolution', () => {
  it('captures a run, distils a strategy, and applies it in the next run', async () => {
    // A fresh store per test: nothing leaks from one test into the next.
    const store = new InMemoryEvolutionStore();
    const systemPrompts: string[] = [];
    const agent = createSmartAgent({
      llm: scriptedAgentModel(systemPrompts),
      tools: [],
      evolution: { store, capture: 'every-run', distiller: new LlmDistiller({ llm: distillerModel }) },
    });

    const first = await agent.run('Refund the duplicate charge on order o-7.');
    expect(first.status).toBe('completed');

    // ExperienceQuery filters: goal (lexical), outcome, since, ids, limit.
    const [experience] = await store.queryExperiences({ goal: 'duplicate charge', outcome: 'success', limit: 1 });
    expect(experience?.status).toBe('completed');
    expect(experience?.trajectory.at(-1)).toMatchObject({ kind: 'answer', summary: 'Done: the duplicate charge was refunded.' });

    const [strategy] = await store.queryStrategies('refund a duplicate charge', 5);
    expect(strategy).toMatchObject({ utility: 0.5, applications: 0, source: [experience?.id] });

    // The next run with a similar goal sees the lesson in its system prompt, and its success rates it.
    await agent.run('Refund the duplicate charge on order o-9.');
    expect(systemPrompts.at(-1)).toContain('- [utility 0.50] Check for a duplicate charge before refunding.');
    const [rated] = await store.queryStrategies('duplicate charge', 1);
    expect(rated).toMatchObject({ utility: 0.6, applications: 1 });

    expect(await store.getStats()).toMatchObject({ experiences: 2, strategies: 1, outcomes: { success: 2, failure: 0, partial: 0 } });
  });
});
