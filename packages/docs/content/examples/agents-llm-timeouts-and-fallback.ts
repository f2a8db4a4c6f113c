// ---
// title: LLM timeouts, stall warnings and a fallback model
// description: Tightens the three LLM timeouts of a smart agent (defaults 120000, 90000 and 30000 ms) and adds a fallback provider that is used when the primary model fails.
// topics: [ai-toolkit, agents]
// relatedDocs: /docs/agent-budgets-and-timeouts#llmtimeout
// ---
import { createSmartAgent, type AgentTool, type LLMProvider } from '@kit/kit-ai';

export function createSupportAgent(primary: LLMProvider, backup: LLMProvider, tools: AgentTool[]) {
  return createSmartAgent({
    llm: primary,
    // Same contract as llm: a second vendor, a cheaper model or a local one.
    fallbackLlm: backup,
    tools,
    llmTimeout: {
      // Longest wait for one chat() answer (default 120000 ms).
      chatTimeoutMs: 45_000,
      // Longest silence between two chunks of a streamed answer (default 90000 ms).
      streamIdleTimeoutMs: 20_000,
      // After this long without progress a stall warning is raised (default 30000 ms).
      stallWarningMs: 10_000,
    },
  });
}
