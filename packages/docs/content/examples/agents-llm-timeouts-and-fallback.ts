// ---
// title: LLM timeouts, stall warnings and a fallback model
// description: Tightens the three LLM timeouts of a smart agent (defaults 120000, 90000 and 30000 ms), reports stalls with the onStallWarning hook, and adds a fallback provider that takes over when the primary model fails.
// topics: [ai-toolkit, agents]
// relatedDocs: /docs/agent-budgets-and-timeouts#llmtimeout
// ---
import { createSmartAgent, type AgentTool, type LLMProvider } from '@kit/kit-ai';

export function createSupportAgent(primary: LLMProvider, backup: LLMProvider, tools: AgentTool[]) {
  return createSmartAgent({
    llm: primary,
    // Each model call goes to the primary first; when it fails for any reason but a context overflow
    // (a timeout, an HTTP or network error), the same request goes once to the backup.
    fallbackLlm: backup,
    tools,
    llmTimeout: {
      // Longest wait for one chat() answer (default 120000 ms); then KitAIError llm_timeout.
      chatTimeoutMs: 45_000,
      // Longest silence between two chunks of a streamed answer (default 90000 ms).
      streamIdleTimeoutMs: 20_000,
      // After this long without an answer or a chunk, onStallWarning fires once (default 30000 ms).
      stallWarningMs: 10_000,
    },
    hooks: {
      onStallWarning: ({ provider, waitedMs, iteration }) => {
        console.warn(`${provider} has been silent for ${waitedMs} ms in iteration ${iteration}`);
      },
    },
  });
}

// When both fail, the run ends fatal with an error such as:
// LLM provider "primary" failed: ...; fallback "backup" failed: ...
