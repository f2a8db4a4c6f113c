import { Link, useLoaderData, type Loader } from '@kit/kit-react';
import { NewTicketForm } from '../../components/new-ticket-form.js';
import { requirePerson } from '../../lib/auth.js';
import { db } from '../../lib/db.js';
import { ticketView, type TicketView } from '../../lib/ticket-view.js';
import { ticket } from '../../models/ticket.js';

interface TicketList {
  readonly status: 'open' | 'closed' | null;
  readonly tickets: readonly TicketView[];
}

export const loader: Loader<TicketList> = async ({ ctx, searchParams }) => {
  requirePerson(ctx);
  const wanted = searchParams.get('status');
  const status = wanted === 'open' || wanted === 'closed' ? wanted : null;
  const page = await (await db()).list(ticket, { ...(status ? { where: { status } } : {}), orderBy: { field: 'createdAt', direction: 'desc' }, limit: 100 });
  return { status, tickets: page.items.map(ticketView) };
};

// GET /tickets: the newest hundred tickets, filtered by ?status=open|closed.
export default function TicketsPage() {
  const { status, tickets } = useLoaderData<TicketList>();
  return (
    <>
      <title>Tickets · {{title}}</title>
      <h1>{status === null ? 'All tickets' : status === 'open' ? 'Open tickets' : 'Closed tickets'}</h1>
      {tickets.length === 0 ? (
        <p>No tickets yet.</p>
      ) : (
        <table>
          <thead>
            <tr><th scope="col">Title</th><th scope="col">Priority</th><th scope="col">Status</th><th scope="col">Opened by</th></tr>
          </thead>
          <tbody>
            {tickets.map((item) => (
              <tr key={item.id}>
                <td><Link href={`/tickets/${item.id}`}>{item.title}</Link></td>
                <td>{item.priority}</td>
                <td>{item.status}</td>
                <td>{item.openedBy}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <NewTicketForm />
    </>
  );
}
