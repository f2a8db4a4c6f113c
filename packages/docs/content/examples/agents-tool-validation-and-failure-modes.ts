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
  // soft (the default): a failed lookup is reported to the model, which may try another address.
  failureMode: 'soft',
  timeout: 5_000,
  // validate replaces the check against parameters, so it checks the type too. The model sees
  // "Invalid arguments for lookup_customer: <error>" and execute is not called.
  validate: (args) =>
    typeof args.email === 'string' && args.email.includes('@')
      ? { valid: true }
      : { valid: false, error: 'email must be an e-mail address such as ada@example.com' },
  execute: async (args) => ({ id: 'c-17', email: args.email, plan: 'pro' }),
};

const chargeCard: AgentTool = {
  name: 'charge_card',
  description: 'Charges the customer card on file. Amount in cents.',
  // Without validate, the arguments are checked against this schema with validateArgs before execute.
  parameters: {
    type: 'object',
    properties: { customerId: { type: 'string' }, amountCents: { type: 'integer', minimum: 1 } },
    required: ['customerId', 'amountCents'],
  },
  // Never run payments in parallel with other tools.
  isConcurrencySafe: false,
  // hard: if charging fails (a throw or the timeout), the run ends fatal with
  // "Tool charge_card failed: <message> (failureMode: hard)" instead of letting the model improvise.
  failureMode: 'hard',
  // Past 15 s the loop stops waiting ("Tool charge_card timed out after 15000 ms"), but execute gets no
  // abort signal: give the payment API call its own deadline too.
  timeout: 15_000,
  execute: async (args) => ({ charged: Number(args.amountCents), customerId: String(args.customerId) }),
};

export function createBillingAgent(llm: LLMProvider) {
  return createSmartAgent({ llm, tools: [lookupCustomer, chargeCard], maxIterations: 6 });
}
