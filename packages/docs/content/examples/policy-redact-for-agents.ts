// ---
// title: Redacting personal data for agent callers
// description: A redact policy that lists the output paths to hide, applied by the registry when an agent reads a customer record, so the agent sees "[redacted]" where a person sees the e-mail address and the shipping addresses.
// topics: [policy, defineAPI]
// relatedDocs: /docs/policies-and-approvals#redact
// ---
import { createKitApp, defineAPI, defineMiddleware, definePolicy } from '@kit/kit-core';
import { z } from 'zod';

export const redactCustomerPii = definePolicy({
  key: 'redact-customer-pii',
  title: 'Agents see customer records without personal data',
  effect: 'redact',
  // Dotted output paths; * matches every array element (or every key).
  redact: ['customer.email', 'orders.*.shippingAddress'],
  check: async ({ ctx }) => (ctx.authType === 'agent' ? { applies: true, reason: 'Agents do not need contact details.' } : { applies: false }),
});

export const getCustomer = defineAPI({
  description: 'Returns a customer record with its orders; contact details read "[redacted]" for agents.',
  capability: 'read',
  resource: 'customers',
  policy: 'redact-customer-pii',
  input: z.strictObject({ id: z.string() }),
  output: z.strictObject({
    customer: z.strictObject({ id: z.string(), name: z.string(), email: z.string() }),
    orders: z.array(z.strictObject({ id: z.string(), shippingAddress: z.string() })),
  }),
  // The handler returns the whole record: the policy, not the handler, decides what a caller sees.
  handler: async ({ input }) => ({
    customer: { id: input.id, name: 'Ada Lovelace', email: 'ada@example.com' },
    orders: [{ id: 'o-1', shippingAddress: '12 St James Square, London' }],
  }),
});

// A stand-in for createAuthMiddleware of @kit/kit-auth: an X-Agent header makes the caller an agent.
const demoSignIn = defineMiddleware({
  name: 'demo-sign-in',
  authenticate: async ({ request, ctx }) => {
    const agent = request.headers.get('x-agent');
    return agent ? { ...ctx, authType: 'agent', auth: { subject: agent, method: 'api_key', permissions: ['customers:read'] } } : ctx;
  },
  handler: async ({ next }) => next(),
});

const app = createKitApp({ middleware: [demoSignIn], policies: [redactCustomerPii], routes: { 'GET /api/customers/:id': getCustomer } });

const asAgent = await app.fetch(new Request('http://localhost/api/customers/c-7', { headers: { 'x-agent': 'agent:support-bot' } }));
console.log(JSON.stringify(await asAgent.json()));
// {"customer":{"id":"c-7","name":"Ada Lovelace","email":"[redacted]"},"orders":[{"id":"o-1","shippingAddress":"[redacted]"}]}

const anonymous = await app.fetch(new Request('http://localhost/api/customers/c-7'));
console.log(JSON.stringify(await anonymous.json()));
// {"customer":{"id":"c-7","name":"Ada Lovelace","email":"ada@example.com"},"orders":[{"id":"o-1","shippingAddress":"12 St James Square, London"}]}

// The OpenAPI document (and the MCP tool) say that a redacted field may also read "[redacted]".
const schema = app.openapi().paths['/api/customers/{id}'];
console.log(JSON.stringify(schema).includes('[redacted]')); // true
