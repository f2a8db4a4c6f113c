// ---
// title: Keeping long runs inside the context window with compaction
// description: Configures the context window size and the three compaction stages - snip, microcompact and autocompact - for an agent that reads many large tool results in a long run, and logs which stages ran in each iteration.
// topics: [ai-toolkit, agents]
// relatedDocs: /docs/agent-budgets-and-timeouts#compaction
// ---
import { createSmartAgent, estimateTokens, type AgentTool, type LLMMessage, type LLMProvider } from '@kit/kit-ai';

export function createResearchAgent(llm: LLMProvider, tools: AgentTool[]) {
  return createSmartAgent({
    llm,
    tools,
    maxIterations: 40,
    // The window in tokens; the loop measures the system prompt plus the conversation with estimateTokens.
    contextWindowSize: 128_000,
    // compaction is partial: set only the stages you want to tune. Before every LLM call they run in the
    // order microcompact, snip, autocompact.
    compaction: {
      // Over the window, drop the oldest messages but keep the goal and the last 12 messages (default 6).
      snip: { preserveTail: 12 },
      // Shorten old results messages over 2000 characters (each result to its share of 2000); the last
      // 4 messages are never touched.
      microcompact: { maxToolResultChars: 2_000, protectedTail: 4 },
      // Over 0.8 × 128000 − 4000 estimated tokens, the model summarises the middle of the conversation;
      // after 3 failed summaries autocompact is no longer tried in this run.
      autocompact: { threshold: 0.8, maxFailures: 3, bufferTokens: 4_000 },
    },
    hooks: {
      // IterationSnapshot.compactions lists the stages that ran before the iteration's LLM call.
      afterIteration: ({ iteration, compactions, estimatedTokens }) => {
        if (compactions.length > 0) console.log(`iteration ${iteration}: ${compactions.join(', ')}; now about ${estimatedTokens} tokens`);
      },
    },
  });
}

// estimateTokens gives a rough size of a conversation: Math.ceil(content characters / 4).
const history: LLMMessage[] = [
  { role: 'system', content: 'You are a research assistant.' },
  { role: 'user', content: 'Collect every incident report from last week.' },
];
console.log(`about ${estimateTokens(history)} tokens so far`); // about 19 tokens so far
