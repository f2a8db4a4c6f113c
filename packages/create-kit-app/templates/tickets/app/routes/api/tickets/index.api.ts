import { defineAPI } from '@kit/kit-core';
import { z } from 'zod';
import { callerName } from '../../../lib/auth.js';
import { db } from '../../../lib/db.js';
import { ticketOutput, ticketView } from '../../../lib/ticket-view.js';
import { ticket } from '../../../models/ticket.js';

// POST /api/tickets (GET, the list, is generated in kit.config.ts). MCP tool: post_api_tickets.
export const POST = defineAPI({
  description: 'Opens a ticket; it is recorded as opened by the caller.',
  capability: 'write',
  resource: 'tickets',
  policy: 'members-only',
  input: z.strictObject({
    title: z.string().trim().min(3).max(200).describe('What is wrong, in a few words'),
    description: z.string().max(5000).optional().describe('Details: what happened, what was expected'),
    priority: z.enum(['low', 'normal', 'high']).default('normal'),
  }),
  output: ticketOutput,
  response: { kind: 'created', location: (created) => `/api/tickets/${created.id}` },
  handler: async ({ input, ctx }) => {
    const created = await (await db()).insert(ticket, { ...input, openedBy: callerName(ctx) });
    return ticketView(created);
  },
});
