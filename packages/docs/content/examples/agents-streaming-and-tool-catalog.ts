// ---
// title: Running tools concurrently and deferring a large tool catalog
// description: Turns on the streaming executor so independent, concurrency-safe tools run side by side, and sets a tool catalog threshold so that the definitions of a large set of tools are loaded on demand with load_tools instead of sent with every call.
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
    // Consecutive concurrency-safe calls of one reply run together, at most 8 at a time; a call that is
    // not concurrency-safe runs alone. With a streaming provider, calls start as their chunks arrive.
    streaming: { maxConcurrency: 8 },
    // More than 20 tools and tasks: the model sees names and one-line descriptions only, and calls
    // load_tools with {"names": [...]} to receive the definitions it needs.
    toolCatalog: { deferThreshold: 20 },
  });
}
