import { KitError } from '@kit/kit-core';
import { useLoaderData, type LoaderArgs } from '@kit/kit-react';
import { findTicket, type Ticket } from '../../lib/tickets.js';

/** How long the loader takes, so the shell (with the loading view) streams first. */
const delayMs = 600;

export async function loader({ params }: LoaderArgs) {
  await new Promise((resolve) => setTimeout(resolve, delayMs));
  const ticket = findTicket(String(params.id));
  if (!ticket) throw new KitError('not_found', `No ticket "${String(params.id)}".`);
  return ticket;
}

export default function TicketPage() {
  const ticket = useLoaderData<Ticket>();
  return (
    <article aria-labelledby="ticket-title">
      <title>{`Ticket ${ticket.id} - Fixture tickets`}</title>
      <h1 id="ticket-title">{ticket.title}</h1>
      <p id="ticket-status">Status: {ticket.status}</p>
    </article>
  );
}
