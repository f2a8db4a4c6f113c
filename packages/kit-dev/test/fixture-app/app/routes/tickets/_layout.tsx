import { Outlet, useLoaderData } from '@kit/kit-react';
import { listTickets } from '../../lib/tickets.js';

export async function loader() {
  return { count: listTickets().length };
}

export default function TicketsLayout() {
  const { count } = useLoaderData<{ count: number }>();
  return (
    <section aria-labelledby="tickets-heading">
      <h2 id="tickets-heading">Ticket desk ({count} tickets)</h2>
      <Outlet />
    </section>
  );
}
