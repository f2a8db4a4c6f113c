import { defineAPI, KitError, quoteInput } from '@kit/kit-core';
import { z } from 'zod';
import { db } from '../../../../lib/db.js';
import { ticketOutput, ticketView } from '../../../../lib/ticket-view.js';
import { ticket } from '../../../../models/ticket.js';

// POST /api/tickets/:id/close. For agents the policy holds the call for a person's approval (202 with
// a status URL); once approved, the same call closes the ticket. MCP tool: post_api_tickets_id_close.
// Before a call is held, `precheck` answers one that could not succeed (no such ticket: 404; already
// closed: 409), so no admin is asked about it. One agent may have 20 closes waiting at once, and is
// answered 429 past that (`approvals: { maxPendingPerRequester }` in kit.config.ts changes it).
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
  precheck: async ({ input }) => {
    const current = await (await db()).findById(ticket, input.id);
    if (current === null) throw new KitError('not_found', `No ticket ${quoteInput(input.id)}; list the open ones with GET /api/tickets?status=open.`);
    if (current.status === 'closed') throw new KitError('conflict', `Ticket ${quoteInput(input.id)} is already closed; open a new ticket for a new problem.`);
  },
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
