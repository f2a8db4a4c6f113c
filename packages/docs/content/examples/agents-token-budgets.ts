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
      // Sent as LLMOptions.maxTokens on every call: a hard cap unless maxEscalations lets it grow.
      maxOutputTokensPerTurn: 2_000,
      // Once the run's output reaches 80% of 2000 × maxIterations (10) tokens, the model gets one
      // "Budget note: ... Wrap up" message.
      nudgeAtPercent: 80,
      // A reply cut off at the cap may double it once (to 4000) for the rest of the run; default 0.
      maxEscalations: 1,
    },
    toolResultBudget: {
      // Log searches can return megabytes; each result's JSON text is cut to 20000 characters...
      maxChars: 20_000,
      // ...into smaller valid JSON rather than a raw prefix...
      preserveStructure: true,
      // ...and saved here in full; the note after the result names the file.
      persistDir: './.agent-overflow',
      // All results of one iteration together (default 200000 characters).
      maxAggregateCharsPerIteration: 60_000,
    },
  });
}

// The shorthand: at most 1000 output tokens per LLM call, never raised.
export function createTerseAgent(llm: LLMProvider, tools: AgentTool[]) {
  return createSmartAgent({ llm, tools, tokenBudget: 1_000 });
}
