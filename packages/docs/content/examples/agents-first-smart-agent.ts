// ---
// title: A first smart agent with one tool
// description: Creates a smart agent from an LLM provider and a single tool, runs it on a goal - the model calls the tool, then answers - and branches on the run's status before using its result.
// topics: [agents, ai-toolkit]
// relatedDocs: /docs/smart-agents#createsmartagent
// ---
import { createSmartAgent, type AgentTool, type LLMProvider } from '@kit/kit-ai';

// Any object with a name and a chat() method is an LLMProvider. In an application, build one with a
// provider factory of @kit/kit-agent; this scripted one keeps the example self-contained. Its first reply
// is a tool call in the text format the loop reads, its second the final answer.
const replies = ['{"tool": "current_weather", "arguments": {"city": "Lisbon"}}', 'It is 18 degrees and sunny in Lisbon.'];
const llm: LLMProvider = {
  name: 'scripted',
  chat: async () => ({ content: replies.shift() ?? 'Done.', model: 'scripted-1' }),
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
  // 2 iterations: one for the tool call, one for the answer.
  console.log(outcome.result, `(${outcome.iterations} iterations, ${outcome.toolCalls.length} tool call)`);
} else if (outcome.status === 'fatal') {
  console.error(`agent failed: ${outcome.error}`);
} else {
  console.warn(`run stopped with status ${outcome.status} after ${outcome.iterations} iterations`);
}
