import { defineAPI, KitError } from '@kit/kit-core';
import { z } from 'zod';
import { db } from '../../../../lib/db.js';
import { ticketOutput, ticketView } from '../../../../lib/ticket-view.js';
import { ticket } from '../../../../models/ticket.js';

// POST /api/tickets/:id/close. For agents the policy holds the call for a person's approval (202 with
// a status URL); once approved, the same call closes the ticket. MCP tool: post_api_tickets_id_close.
export default defineAPI({
  description: 'Closes a ticket with a resolution. An agent needs a person to approve it first: send the same call again once approved.',
  capability: 'write',
  resource: 'tickets',
  policy: 'agents-close-with-approval',
  input: z.strictObject({
    id: z.string().describe('The ticket id'),
    resolution: z.string().trim().min(3).max(2000).describe('How it was solved, for the requester'),
  }),
  output: ticketOutput,
  handler: async ({ input, ctx }) => {
    // The approval policy only holds agents; this route still needs a caller who may use tickets.
    if (ctx.auth === undefined) throw new KitError('unauthorized', 'Sign in, or send an API key as Authorization: Bearer kit_..., to close a ticket.');
    const database = await db();
    return database.transaction(async (tx) => {
      const current = await tx.get(ticket, input.id);
      if (current.status === 'closed') throw new KitError('conflict', `Ticket ${input.id} is already closed; open a new ticket for a new problem.`);
      return ticketView(await tx.update(ticket, input.id, { status: 'closed', resolution: input.resolution, closedAt: new Date() }));
    });
  },
});
