import { z } from 'zod';

export const ticketSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  status: z.enum(['open', 'closed']),
});

export type Ticket = z.infer<typeof ticketSchema>;

// One store for the API files and the page loaders: the server bundle shares this module between them.
const tickets = new Map<string, Ticket>([
  ['1', { id: '1', title: 'Printer on fire', status: 'open' }],
  ['2', { id: '2', title: 'Coffee machine empty', status: 'closed' }],
]);

export function listTickets(): Ticket[] {
  return [...tickets.values()];
}

export function findTicket(id: string): Ticket | undefined {
  return tickets.get(id);
}

export function openTicket(title: string): Ticket {
  const ticket: Ticket = { id: String(tickets.size + 1), title, status: 'open' };
  tickets.set(ticket.id, ticket);
  return ticket;
}
