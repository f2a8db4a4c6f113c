// ---
// title: Testing an evolving agent with InMemoryEvolutionStore
// description: A vitest file that runs an agent with evolution on a fresh InMemoryEvolutionStore and a scripted model, then inspects the store to check that the run was captured as an experience.
// topics: [testing, agents, memory]
// relatedDocs: /docs/evolution#inmemoryevolutionstore
// ---
import { InMemoryEvolutionStore, createSmartAgent, type LLMProvider } from '@kit/kit-ai';
import { describe, expect, it } from 'vitest';

const scripted: LLMProvider = {
  name: 'scripted',
  chat: async () => ({ content: 'Done: the duplicate charge was refunded.', model: 'scripted' }),
};

describe('evolution capture', () => {
  it('records every run as an experience', async () => {
    // A fresh store per test: nothing leaks from one test into the next.
    const store = new InMemoryEvolutionStore();
    const agent = createSmartAgent({
      llm: scripted,
      tools: [],
      evolution: { store, capture: 'every-run', distillation: 'manual' },
    });

    const run = await agent.run('Refund the duplicate charge on order o-7.');
    expect(run.status).toBe('completed');

    // ExperienceQuery's fields are not listed in the reference; an empty query is used here to ask for
    // everything - check the type in your editor if your version requires a field.
    const experiences = await store.queryExperiences({});
    expect(experiences.length).toBeGreaterThan(0);
  });
});
