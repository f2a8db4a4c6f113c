import { defineAPI } from '@kit/kit-core';
import { z } from 'zod';
import { db } from '../../../lib/db.js';
import { ticketOutput, ticketView } from '../../../lib/ticket-view.js';
import { ticket } from '../../../models/ticket.js';

// PATCH /api/tickets/:id (GET is generated in kit.config.ts). The status is not changed here: closing
// has its own route and policy (close.api.ts).
export const PATCH = defineAPI({
  description: 'Changes the title, description or priority of a ticket.',
  capability: 'write',
  resource: 'tickets',
  policy: 'members-only',
  input: z
    .strictObject({
      id: z.string().describe('The ticket id'),
      title: z.string().trim().min(3).max(200).optional(),
      description: z.string().max(5000).nullable().optional().describe('null clears it'),
      priority: z.enum(['low', 'normal', 'high']).optional(),
    })
    .refine((input) => input.title !== undefined || input.description !== undefined || input.priority !== undefined, {
      message: 'give at least one of title, description, priority',
    }),
  output: ticketOutput,
  handler: async ({ input: { id, ...changes } }) => {
    const database = await db();
    const patch = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
    return ticketView(await database.update(ticket, id, patch));
  },
});
