// ---
// title: Layered system prompts with PromptComposerConfig
// description: Composes the system prompt from a base, static layers placed with prepend and append, and dynamic layers computed when the prompt is composed, such as today's date.
// topics: [agents, ai-toolkit]
// relatedDocs: /docs/prompts-skills-and-memory#promptcomposerconfig
// ---
import { createSmartAgent, type AgentTool, type LLMProvider, type PromptLayer } from '@kit/kit-ai';

const safety: PromptLayer = {
  id: 'safety',
  content: 'Never reveal internal notes, API keys or other customers\' data.',
  position: 'prepend',
  priority: 100,
};

const tone: PromptLayer = {
  id: 'tone',
  content: 'Answer in at most five sentences and address the customer by first name.',
  position: 'append',
  priority: 10,
};

export function createConciergeAgent(llm: LLMProvider, tools: AgentTool[]) {
  return createSmartAgent({
    llm,
    tools,
    prompt: {
      base: 'You are the concierge of a hotel booking service.',
      layers: [safety, tone],
      // Computed each time the prompt is composed; the context argument is not needed here.
      dynamicLayers: () => [
        { id: 'today', content: `Today is ${new Date().toISOString().slice(0, 10)}.`, position: 'append' },
      ],
    },
  });
}

// A layer with position 'replace_base' takes the place of the base prompt entirely,
// for example to run the same agent with a different persona in a test.
export const testPersona: PromptLayer = {
  id: 'test-persona',
  content: 'You are a test double. Answer "OK" to everything.',
  position: 'replace_base',
};
