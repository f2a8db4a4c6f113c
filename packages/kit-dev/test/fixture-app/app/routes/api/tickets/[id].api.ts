import { z } from 'zod';
import { defineAPI, KitError } from '@kit/kit-core';
import { findTicket, ticketSchema } from '../../../lib/tickets.js';

export default defineAPI({
  description: 'Reads one ticket by its id.',
  capability: 'read',
  input: z.strictObject({ id: z.string().min(1) }),
  output: ticketSchema,
  handler: async ({ input }) => {
    const ticket = findTicket(input.id);
    if (!ticket) throw new KitError('not_found', `No ticket "${input.id}"; list them at /api/tickets.`);
    return ticket;
  },
});
