// ---
// title: An agent that learns from its failures with evolution
// description: Turns on self-evolution with a persistent SqliteEvolutionStore - capturing failed runs, distilling them into strategies with an LlmDistiller after each run, pruning weak strategies and promoting proven ones to skills - and reports post-run problems and the store's statistics.
// topics: [agents, ai-toolkit, memory]
// relatedDocs: /docs/evolution#evolutionconfig
// ---
import { LlmDistiller, SqliteEvolutionStore, createSmartAgent, type AgentTool, type LLMProvider } from '@kit/kit-ai';

// Persistent: lessons survive restarts. `path` defaults to './.kit/evolution.sqlite'; the file may be
// shared with a SqliteMemoryBackend.
const store = new SqliteEvolutionStore({ path: './.kit/evolution.sqlite' });

export function createLearningAgent(llm: LLMProvider, tools: AgentTool[], cheapLlm: LLMProvider = llm) {
  return createSmartAgent({
    llm,
    tools,
    evolution: {
      store,
      // Record only runs that did not complete, unless the user canceled them on purpose.
      capture: (result) => result.status !== 'completed' && result.status !== 'canceled',
      // Distil right after each captured run (the default), with a cheaper model than the agent's.
      distillation: 'post-run',
      distiller: new LlmDistiller({ llm: cheapLlm, maxStrategiesPerRun: 2 }),
      // After every run: drop strategies under utility 0.3, those not applied for 60 days, and keep the best 100.
      pruning: { maxStrategies: 100, minUtility: 0.3, maxAgeDays: 60 },
      // A strategy shown in 8 runs that reached utility 0.85 becomes a skill with source 'evolved'.
      skillPromotion: { enabled: true, minApplications: 8, minUtility: 0.85 },
    },
    hooks: {
      // Evolution never changes a run's result; its failures (a distiller reply that is not JSON, a
      // locked database) are reported here instead of console.warn.
      onPostRunError: ({ stage, error }) => console.error(`evolution ${stage}:`, error),
    },
  });
}

export async function reportLearning(goal: string): Promise<void> {
  const stats = await store.getStats();
  console.log(`${stats.experiences} experiences (${stats.outcomes.failure} failures), ${stats.strategies} strategies, average utility ${stats.averageUtility.toFixed(2)}, ${stats.skills} skills`);
  // The five strategies the next run with this goal will see in its system prompt.
  for (const strategy of await store.queryStrategies(goal, 5)) {
    console.log(`- [utility ${strategy.utility.toFixed(2)}, applied ${strategy.applications}x] ${strategy.content}`);
  }
}

await reportLearning('refund a duplicate charge');
store.close();
