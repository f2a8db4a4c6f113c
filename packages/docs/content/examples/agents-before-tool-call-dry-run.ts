// ---
// title: A dry-run mode that refuses writing tools with beforeToolCall
// description: Uses the beforeToolCall hook to refuse every tool call while a dry-run flag is set, returning allowed false with a reason the model can read so that it describes its plan instead.
// topics: [agents]
// relatedDocs: /docs/agent-hooks-and-checkpoints#beforetoolcall
// ---
import { createSmartAgent, type AgentTool, type LLMProvider } from '@kit/kit-ai';

export function createMaintenanceAgent(llm: LLMProvider, readTools: AgentTool[], writeTools: AgentTool[], dryRun: boolean) {
  const agent = createSmartAgent({
    llm,
    // In a dry run the model still sees every tool, so its plan is complete...
    tools: [...readTools, ...writeTools],
    hooks: {
      // ...but nothing is executed: each call is refused with a reason.
      beforeToolCall: async () =>
        dryRun
          ? { allowed: false, reason: 'Dry run: describe the call you would make instead of making it.' }
          : { allowed: true },
    },
  });
  return agent;
}
