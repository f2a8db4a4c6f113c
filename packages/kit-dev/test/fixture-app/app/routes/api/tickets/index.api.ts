import { z } from 'zod';
import { defineAPI } from '@kit/kit-core';
import { listTickets, openTicket, ticketSchema } from '../../../lib/tickets.js';

export const GET = defineAPI({
  description: 'Lists every ticket.',
  capability: 'read',
  output: z.strictObject({ tickets: z.array(ticketSchema) }),
  handler: async () => ({ tickets: listTickets() }),
});

export const POST = defineAPI({
  description: 'Opens a ticket with a title.',
  capability: 'write',
  policy: 'no-reserved-titles',
  input: z.strictObject({ title: z.string().min(1).max(200) }),
  output: ticketSchema,
  handler: async ({ input }) => openTicket(input.title),
});
