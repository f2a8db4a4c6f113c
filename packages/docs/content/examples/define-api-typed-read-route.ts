// ---
// title: A typed read route with defineAPI
// description: Declares a read-only route whose input and output are zod schemas, so the input is validated before the handler runs and agents see the route as a safe read capability.
// topics: [defineAPI]
// relatedDocs: /docs/core-concepts#defineapi
// ---
import { defineAPI } from '@kit/kit-core';
import { z } from 'zod';

const ticketSummary = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(['open', 'closed']),
});

// A stand-in for your data layer; any async lookup works here.
const tickets = [
  { id: 't-1', title: 'Printer on fire', status: 'open' as const },
  { id: 't-2', title: 'Reset my password', status: 'closed' as const },
];

export default defineAPI({
  description: 'Lists tickets, optionally only those with the given status.',
  capability: 'read',
  resource: 'tickets',
  input: z.object({
    status: z.enum(['open', 'closed']).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  }),
  output: z.object({ tickets: z.array(ticketSummary), total: z.number() }),
  handler: async ({ input }) => {
    const matching = tickets.filter((ticket) => input.status === undefined || ticket.status === input.status);
    const page = matching.slice(0, input.limit);
    return { tickets: page, total: page.length };
  },
});
