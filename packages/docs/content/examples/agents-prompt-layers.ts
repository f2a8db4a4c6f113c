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

// The system prompt starts with: prepend layers (higher priority first), the base, append layers,
// separated by blank lines; the tools section, skills and memory follow.
export function createConciergeAgent(llm: LLMProvider, tools: AgentTool[]) {
  return createSmartAgent({
    llm,
    tools,
    prompt: {
      base: 'You are the concierge of a hotel booking service.',
      layers: [safety, tone],
      // Called before every LLM call with a PromptContext: goal, iteration, toolNames and activeSkills.
      dynamicLayers: ({ iteration }) => [
        { id: 'today', content: `Today is ${new Date().toISOString().slice(0, 10)}.`, position: 'append' },
        ...(iteration > 5 ? [{ id: 'hurry', content: 'You have used several steps already: answer soon.', position: 'append' as const }] : []),
      ],
    },
  });
}

// A layer with position 'replace_base' takes the place of the base prompt entirely (with several, the one
// of highest priority), for example to run the same agent with a different persona in a test.
export const testPersona: PromptLayer = {
  id: 'test-persona',
  content: 'You are a test double. Answer "OK" to everything.',
  position: 'replace_base',
};
