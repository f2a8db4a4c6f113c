// ---
// title: Keeping long runs inside the context window with compaction
// description: Configures the context window size and the three compaction stages - snip, microcompact and autocompact - for an agent that reads many large tool results in a long run.
// topics: [ai-toolkit, agents]
// relatedDocs: /docs/agent-budgets-and-timeouts#compaction
// ---
import { createSmartAgent, estimateTokens, type AgentTool, type LLMMessage, type LLMProvider } from '@kit/kit-ai';

export function createResearchAgent(llm: LLMProvider, tools: AgentTool[]) {
  return createSmartAgent({
    llm,
    tools,
    maxIterations: 40,
    // The size, in tokens, that compression works against.
    contextWindowSize: 128_000,
    // compaction is partial: set only the stages you want to tune. The values are illustrations;
    // the units of threshold and preserveTail are whatever your kit-ai version's types document.
    compaction: {
      // Snip older history but keep the most recent part of the conversation intact.
      snip: { preserveTail: 12 },
      // Compact older tool results over 2000 characters; the protected tail is never touched.
      microcompact: { maxToolResultChars: 2_000, protectedTail: 4 },
      // Compact the whole conversation once it grows past the threshold; give up after 3 failures.
      autocompact: { threshold: 0.8, maxFailures: 3, bufferTokens: 4_000 },
    },
  });
}

// estimateTokens gives a rough size of a conversation: content length divided by 4.
const history: LLMMessage[] = [
  { role: 'system', content: 'You are a research assistant.' },
  { role: 'user', content: 'Collect every incident report from last week.' },
];
console.log(`about ${estimateTokens(history)} tokens so far`);
