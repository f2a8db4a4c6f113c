// ---
// title: Running tools concurrently and deferring a large tool catalog
// description: Turns on the streaming executor so independent, concurrency-safe tools run side by side, and sets a tool catalog threshold so that a large set of tools is loaded on demand instead of all at once.
// topics: [agents, ai-toolkit]
// relatedDocs: /docs/agent-tools-and-tasks#streaming
// ---
import { createSmartAgent, type AgentTool, type LLMProvider } from '@kit/kit-ai';

// Forty read-only lookups, one per internal service: safe to run in parallel.
const serviceLookups: AgentTool[] = Array.from({ length: 40 }, (_, index) => ({
  name: `status_of_service_${index + 1}`,
  description: `Returns the health of internal service number ${index + 1}.`,
  isConcurrencySafe: true,
  timeout: 3_000,
  execute: async () => ({ service: index + 1, healthy: true }),
}));

export function createStatusAgent(llm: LLMProvider) {
  return createSmartAgent({
    llm,
    tools: serviceLookups,
    // At most 8 tool calls run at the same time.
    streaming: { maxConcurrency: 8 },
    // Beyond this threshold (read as a number of tools), tool definitions are loaded on demand.
    toolCatalog: { deferThreshold: 20 },
  });
}
