// ---
// title: A durable agent run with an approval, followed through its events
// description: Starts a harness run that holds a ticket close for a person's approval, follows its numbered events, approves the held call and reads the result, with the run kept in a MemoryRunStore.
// topics: [agents, ai-toolkit]
// relatedDocs: /docs/agent-harness#starting-and-following-a-run
// ---
import { createHarness, MemoryRunStore, type AgentTool, type LLMProvider } from '@kit/kit-ai';

// A scripted model: it asks to close the ticket, then reports the outcome.
const replies = ['{"tool": "close_ticket", "arguments": {"id": "T-42"}}', 'Ticket T-42 is closed.'];
const llm: LLMProvider = { name: 'scripted', chat: async () => ({ content: replies.shift() ?? 'Done.', model: 'scripted-1' }) };

const closed = new Set<string>();
const closeTicket: AgentTool = {
  name: 'close_ticket',
  description: 'Closes a support ticket',
  parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
  // runId and callId stay the same if a worker runs the call again after a crash: an idempotency key.
  execute: async ({ id }, context) => {
    closed.add(`${context?.runId}:${context?.callId}`);
    return { id, closed: true };
  },
};

const harness = createHarness({ store: new MemoryRunStore(), agent: { llm, tools: [closeTicket] }, requireApproval: ['close_ticket'] });
const run = await harness.start({ goal: 'Close ticket T-42', metadata: { requestedBy: 'ada' } });

// Follow the run until it waits for a person, then approve the held call.
for await (const event of run.events({ untilHeld: true })) {
  console.log(event.sequence, event.type);
  if (event.type === 'approval_requested') await run.decide(event.data.approvalId, { approved: true, note: 'checked with the customer' });
}

const result = await run.wait({ timeoutMs: 10_000 });
console.log(result.status, result.result); // completed Ticket T-42 is closed.
console.log((await run.get()).lastSequence, 'events recorded;', closed.size, 'close');
await harness.close();
