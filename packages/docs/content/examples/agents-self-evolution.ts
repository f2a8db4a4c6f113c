// ---
// title: An agent that learns from its failures with evolution
// description: Turns on self-evolution with a persistent SqliteEvolutionStore - capturing failed runs, distilling them into strategies after each run, pruning weak strategies and promoting proven ones to skills - and reads the store's statistics.
// topics: [agents, ai-toolkit, memory]
// relatedDocs: /docs/evolution#evolutionconfig
// ---
import { SqliteEvolutionStore, createSmartAgent, type AgentTool, type LLMProvider } from '@kit/kit-ai';

// Persistent: lessons survive restarts. Its constructor options (such as the database location)
// are in the class's type declaration; the reference does not list them.
const store = new SqliteEvolutionStore();

export function createLearningAgent(llm: LLMProvider, tools: AgentTool[]) {
  return createSmartAgent({
    llm,
    tools,
    evolution: {
      store,
      // Record only runs that did not end well, unless the user canceled them on purpose.
      capture: (result) => result.status !== 'completed' && result.status !== 'canceled',
      // Distil right after each captured run.
      distillation: 'post-run',
      // Illustrative limits: keep at most 100 strategies, drop weak or stale ones.
      pruning: { maxStrategies: 100, minUtility: 0.3, maxAgeDays: 60 },
      // A strategy applied 8 times with utility 0.85 or more becomes a skill with source 'evolved'.
      skillPromotion: { enabled: true, minApplications: 8, minUtility: 0.85 },
    },
  });
}

export async function reportLearning(): Promise<void> {
  console.log(await store.getStats());
  // The five strategies most relevant to a goal, as the next run would see them.
  console.log(await store.queryStrategies('refund a duplicate charge', 5));
}
