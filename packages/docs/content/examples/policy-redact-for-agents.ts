// ---
// title: Redacting personal data for agent callers
// description: A redact policy that applies when an agent reads customer records, paired with a handler that masks the e-mail address when the policy's effect applies.
// topics: [policy, defineAPI]
// relatedDocs: /docs/policies-and-approvals#definepolicy
// ---
import { defineAPI, definePolicy, enforcePolicies } from '@kit/kit-core';
import { z } from 'zod';

export const redactCustomerPii = definePolicy({
  key: 'redact-customer-pii',
  title: 'Agents see customer records without personal data',
  effect: 'redact',
  check: async ({ ctx }) =>
    ctx.authType === 'agent' ? { applies: true, reason: 'Agents do not need contact details.' } : { applies: false },
});

function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

export default defineAPI({
  description: 'Returns a customer record; e-mail addresses are masked for agents.',
  capability: 'read',
  resource: 'customers',
  input: z.object({ id: z.string() }),
  output: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  handler: async ({ input, ctx }) => {
    const customer = { id: input.id, name: 'Ada Lovelace', email: 'ada@example.com' };
    // Evaluate the policy here, where the handler knows which fields to hide.
    const decision = await enforcePolicies([redactCustomerPii], ctx, input);
    return decision.effect === 'redact' ? { ...customer, email: maskEmail(customer.email) } : customer;
  },
});
