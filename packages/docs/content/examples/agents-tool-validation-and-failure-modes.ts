// ---
// title: Tools with schemas, validate, timeouts and failure modes
// description: Declares two tools - a lookup whose failure is soft so the model can recover, and a payment call whose failure is hard and aborts the run - with JSON Schema parameters, an extra validate check and per-tool timeouts.
// topics: [agents, ai-toolkit]
// relatedDocs: /docs/agent-tools-and-tasks#agenttool
// ---
import { createSmartAgent, type AgentTool, type LLMProvider } from '@kit/kit-ai';

const lookupCustomer: AgentTool = {
  name: 'lookup_customer',
  description: 'Finds a customer by e-mail address and returns their id and plan.',
  parameters: {
    type: 'object',
    properties: { email: { type: 'string' } },
    required: ['email'],
  },
  isConcurrencySafe: true,
  // soft: a failed lookup is reported to the model, which may try another address.
  failureMode: 'soft',
  timeout: 5_000,
  validate: (args) =>
    typeof args.email === 'string' && args.email.includes('@')
      ? { valid: true }
      : { valid: false, error: 'email must be an e-mail address such as ada@example.com' },
  execute: async (args) => ({ id: 'c-17', email: args.email, plan: 'pro' }),
};

const chargeCard: AgentTool = {
  name: 'charge_card',
  description: 'Charges the customer card on file. Amount in cents.',
  parameters: {
    type: 'object',
    properties: { customerId: { type: 'string' }, amountCents: { type: 'integer', minimum: 1 } },
    required: ['customerId', 'amountCents'],
  },
  // Never run payments in parallel with other tools.
  isConcurrencySafe: false,
  // hard: if charging fails, stop the run instead of letting the model improvise.
  failureMode: 'hard',
  timeout: 15_000,
  execute: async (args) => ({ charged: Number(args.amountCents), customerId: String(args.customerId) }),
};

export function createBillingAgent(llm: LLMProvider) {
  return createSmartAgent({ llm, tools: [lookupCustomer, chargeCard], maxIterations: 6 });
}
