// ---
// title: Checking tool arguments with validateArgs
// description: Runs validateArgs against a tool's JSON Schema parameters and reads its result - valid and a list of errors with a dotted path and a message each - which reports every error it finds rather than only the first.
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
// dispatch tools by hand or want to test a schema. It returns { valid, errors: [{ path, message }] }.
const report = validateArgs({ amountCents: -5, currency: 'GBP' }, createInvoice.parameters ?? {});

// Three problems in one go, each with its dotted path:
//   customerId: customerId is required
//   amountCents: amountCents must be >= 1
//   currency: currency must be one of "EUR", "USD"
console.log(report.valid);
for (const issue of report.errors) console.log(`${issue.path}: ${issue.message}`);

// The loop joins them for the model: "Invalid arguments for create_invoice: customerId is required; ...".
console.log(`Invalid arguments for ${createInvoice.name}: ${report.errors.map((issue) => issue.message).join('; ')}`);
