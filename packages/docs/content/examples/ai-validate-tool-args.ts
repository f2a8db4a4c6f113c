// ---
// title: Checking tool arguments with validateArgs
// description: Runs validateArgs against a tool's JSON Schema parameters, which reports every error it finds rather than only the first, both in a custom dispatcher and in a quick schema test.
// topics: [ai-toolkit, testing]
// relatedDocs: /docs/agent-tools-and-tasks#validateargs
// ---
import { validateArgs, type AgentTool } from '@kit/kit-ai';

export const createInvoice: AgentTool = {
  name: 'create_invoice',
  description: 'Creates an invoice for a customer. Amount in cents.',
  parameters: {
    type: 'object',
    properties: {
      customerId: { type: 'string' },
      amountCents: { type: 'integer', minimum: 1 },
      currency: { type: 'string', enum: ['EUR', 'USD'] },
    },
    required: ['customerId', 'amountCents', 'currency'],
  },
  execute: async (args) => ({ invoiceId: 'inv-1', ...args }),
};

// The smart agent validates arguments for you before execute(); call validateArgs yourself when you
// dispatch tools by hand or want to test a schema. Its exact return shape is in its type declaration.
const report = validateArgs({ amountCents: -5, currency: 'GBP' }, createInvoice.parameters ?? {});

// Three problems in one go: missing customerId, amount below the minimum, currency not allowed.
console.log(report);
