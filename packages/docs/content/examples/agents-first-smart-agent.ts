// ---
// title: A first smart agent with one tool
// description: Creates a smart agent from an LLM provider and a single tool, runs it on a goal and branches on the run's status before using its result.
// topics: [agents, ai-toolkit]
// relatedDocs: /docs/smart-agents#createsmartagent
// ---
import { createSmartAgent, type AgentTool, type LLMProvider } from '@kit/kit-ai';

// Any object with a name and a chat() method is an LLMProvider. In an application, build one with a
// provider factory of @kit/kit-agent; this canned one keeps the example self-contained.
const llm: LLMProvider = {
  name: 'canned',
  chat: async () => ({ content: 'It is 18 degrees and sunny in Lisbon.', model: 'canned-1' }),
};

const currentWeather: AgentTool = {
  name: 'current_weather',
  description: 'Returns the current temperature in degrees Celsius and the sky for a city.',
  parameters: {
    type: 'object',
    properties: { city: { type: 'string' } },
    required: ['city'],
  },
  isConcurrencySafe: true,
  execute: async (args) => ({ city: String(args.city), celsius: 18, sky: 'sunny' }),
};

const agent = createSmartAgent({ llm, tools: [currentWeather] });
const outcome = await agent.run('What is the weather like in Lisbon right now?');

if (outcome.status === 'completed') {
  console.log(outcome.result);
} else if (outcome.status === 'fatal') {
  console.error(`agent failed: ${outcome.error}`);
} else {
  console.warn(`run stopped with status ${outcome.status} after ${outcome.iterations} iterations`);
}
