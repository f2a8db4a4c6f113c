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

const day = 24 * 60 * 60 * 1000;

function factsLayer(facts: RememberedFact[], now = Date.now()): PromptLayer {
  const lines = facts.map((fact) => `- ${fact.text} (${memoryFreshnessText(fact.recordedAtMs, now)})`);
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
    // Called before every LLM call of the run, so the caveats stay accurate during long runs.
    // Keep loadFacts fast (a cache, not a database query): it runs on every iteration.
    prompt: { dynamicLayers: () => [factsLayer(loadFacts())] },
  });
}

const now = Date.parse('2025-06-30T12:00:00Z');
console.log(
  factsLayer(
    [
      { text: 'Prefers e-mail over phone calls.', recordedAtMs: now - 2 * 60 * 60 * 1000 },
      { text: 'Asked for a refund on order 1042.', recordedAtMs: now - 9 * day },
      { text: 'Works at the Lyon office.', recordedAtMs: now - 40 * day },
      { text: 'Has a premium plan.', recordedAtMs: now - 400 * day },
    ],
    now,
  ).content,
);
// What you know about this customer:
// - Prefers e-mail over phone calls. (Recorded today.)
// - Asked for a refund on order 1042. (Recorded 9 days ago; it may be outdated.)
// - Works at the Lyon office. (Recorded 5 weeks ago; it may be outdated.)
// - Has a premium plan. (Recorded 1 year ago; it may be outdated.)
