// ---
// title: Token budgets and tool result limits
// description: Caps output tokens per LLM call with a TokenBudgetConfig that nudges the model to wrap up, and limits how many characters tool results may feed back, per result and per iteration.
// topics: [ai-toolkit, agents]
// relatedDocs: /docs/agent-budgets-and-timeouts#tokenbudget
// ---
import { createSmartAgent, type AgentTool, type LLMProvider } from '@kit/kit-ai';

export function createLogAnalyst(llm: LLMProvider, tools: AgentTool[]) {
  return createSmartAgent({
    llm,
    tools,
    // A plain number n would mean { maxOutputTokensPerTurn: n }; the object form adds the nudge.
    tokenBudget: {
      maxOutputTokensPerTurn: 2_000,
      // When the model has used this percentage, it is asked to wrap up.
      nudgeAtPercent: 80,
    },
    toolResultBudget: {
      // Log searches can return megabytes; keep each result readable.
      maxChars: 20_000,
      preserveStructure: true,
      // Results over the limit are saved here in full instead of being lost.
      persistDir: './.agent-overflow',
      // The default is 200000 characters per iteration across all tool results.
      maxAggregateCharsPerIteration: 60_000,
    },
  });
}

// The shorthand: at most 1000 output tokens per LLM call.
export function createTerseAgent(llm: LLMProvider, tools: AgentTool[]) {
  return createSmartAgent({ llm, tools, tokenBudget: 1_000 });
}
