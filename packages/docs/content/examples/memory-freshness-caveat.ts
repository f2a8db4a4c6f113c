// ---
// title: Telling the model how old a memory is with memoryFreshnessText
// description: Adds a staleness caveat from memoryFreshnessText to facts recalled from your own store before placing them in a dynamic prompt layer, so the model weighs old facts accordingly.
// topics: [memory, ai-toolkit]
// relatedDocs: /docs/prompts-skills-and-memory#memoryfreshnesstext
// ---
import { createSmartAgent, memoryFreshnessText, type AgentTool, type LLMProvider, type PromptLayer } from '@kit/kit-ai';

interface RememberedFact {
  text: string;
  recordedAtMs: number; // milliseconds since the epoch
}

function factsLayer(facts: RememberedFact[]): PromptLayer {
  const lines = facts.map((fact) => `- ${fact.text} (${memoryFreshnessText(fact.recordedAtMs)})`);
  return {
    id: 'remembered-facts',
    content: `What you know about this customer:\n${lines.join('\n')}`,
    position: 'append',
  };
}

export function createAccountAgent(llm: LLMProvider, tools: AgentTool[], loadFacts: () => RememberedFact[]) {
  return createSmartAgent({
    llm,
    tools,
    // Recomputed at each composition, so the caveats stay accurate during long runs.
    prompt: { dynamicLayers: () => [factsLayer(loadFacts())] },
  });
}

const oneWeekAgo = Date.now() - 7 * 24 * 60 * 60 * 1000;
console.log(factsLayer([{ text: 'Prefers e-mail over phone calls.', recordedAtMs: oneWeekAgo }]).content);
