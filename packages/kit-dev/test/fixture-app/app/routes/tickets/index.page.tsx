import { Link, useLoaderData } from '@kit/kit-react';
import { listTickets, type Ticket } from '../../lib/tickets.js';

export async function loader() {
  return { tickets: listTickets() };
}

export default function TicketsPage() {
  const { tickets } = useLoaderData<{ tickets: Ticket[] }>();
  return (
    <>
      <title>Tickets - Fixture tickets</title>
      <h1>Tickets</h1>
      <ul id="ticket-list">
        {tickets.map((ticket) => (
          <li key={ticket.id}>
            <Link href={`/tickets/${ticket.id}`}>{ticket.title}</Link> ({ticket.status})
          </li>
        ))}
      </ul>
    </>
  );
}
