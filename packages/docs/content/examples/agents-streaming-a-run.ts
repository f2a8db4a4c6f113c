// ---
// title: Watching a run step by step with agent.stream
// description: Streams a smart agent's run - the model's text in pieces as a streaming provider writes it, the tool call it asks for and its outcome, and the result at the end, the way a page or a terminal shows a run to a person.
// topics: [agents, ai-toolkit]
// relatedDocs: /docs/smart-agents#stream
// ---
import { createSmartAgent, type AgentTool, type LLMProvider, type LLMStreamChunk } from '@kit/kit-ai';

// A scripted model that streams: first a native tool call, then its answer in small pieces.
let turn = 0;
const llm: LLMProvider = {
  name: 'scripted',
  chat: async () => ({ content: 'Streams only.', model: 'scripted-1' }),
  async *stream(): AsyncIterable<LLMStreamChunk> {
    turn += 1;
    if (turn === 1) {
      yield { type: 'tool_call', toolCall: { id: 'call-1', name: 'count_open_tickets', arguments: { team: 'billing' } } };
    } else {
      for (const piece of ['Billing has ', '3 open ', 'tickets.']) yield { type: 'text', text: piece };
    }
    yield { type: 'done', model: 'scripted-1', usage: { promptTokens: 40, completionTokens: 8, totalTokens: 48 } };
  },
};

const countOpenTickets: AgentTool = {
  name: 'count_open_tickets',
  description: 'Counts the open tickets of a team',
  parameters: { type: 'object', properties: { team: { type: 'string' } }, required: ['team'] },
  execute: async ({ team }) => ({ team, open: 3 }),
};

const agent = createSmartAgent({ llm, tools: [countOpenTickets] });
const run = agent.stream('How many billing tickets are open?');

let answer = '';
for await (const event of run) {
  switch (event.type) {
    case 'text':
      answer += event.data.text;
      break;
    case 'call_started':
      console.log(`calling ${event.data.name}`, event.data.args);
      break;
    case 'call_finished':
      console.log(`${event.data.name}: ${event.data.status} in ${event.data.durationMs} ms`);
      break;
    case 'model_call':
      console.log(`reply ${event.data.iteration}: ${event.data.usage?.totalTokens ?? 0} tokens`);
      break;
    case 'done':
      console.log('status', event.data.result.status);
      break;
  }
}

const result = await run.result;
if (result.status !== 'completed' || answer !== 'Billing has 3 open tickets.' || result.toolCalls.length !== 1) {
  throw new Error(`unexpected run: ${result.status} ${JSON.stringify(answer)}`);
}
console.log(answer);
