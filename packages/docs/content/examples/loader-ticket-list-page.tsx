// ---
// title: A page that renders its loader data with useLoaderData
// description: A tickets page whose loader reads a status filter from searchParams and returns the matching tickets; the component reads them with useLoaderData typed from the loader, so the first render already has the data and needs no fetch.
// topics: [loader, react]
// relatedDocs: /docs/react-shell#useloaderdata
// ---
// app/routes/tickets/index.page.tsx: /tickets
import { Link, useLoaderData, type LoaderArgs } from '@kit/kit-react';

const tickets = [
  { id: '1', title: 'Printer on fire', status: 'open', openedAt: '2025-03-01T09:30:00.000Z' },
  { id: '2', title: 'VPN drops every hour', status: 'open', openedAt: '2025-03-02T14:05:00.000Z' },
  { id: '3', title: 'New laptop for Sam', status: 'closed', openedAt: '2025-02-20T08:00:00.000Z' },
];

export async function loader({ searchParams }: LoaderArgs) {
  const status = searchParams.get('status') === 'closed' ? 'closed' : 'open';
  const shown = tickets.filter((ticket) => ticket.status === status);
  // Loader data is JSON: dates travel as ISO strings, not Date objects.
  return { status, tickets: shown, total: shown.length };
}

export default function TicketsPage() {
  // T comes from the loader, so the two stay in step (useLoaderData does not check it at run time).
  const { status, tickets, total } = useLoaderData<Awaited<ReturnType<typeof loader>>>();

  return (
    <section>
      <title>{`Tickets (${total}) · Helpdesk`}</title>
      <h1>
        {total} {status} tickets
      </h1>
      <Link href={`?status=${status === 'open' ? 'closed' : 'open'}`} scroll={false}>
        Show {status === 'open' ? 'closed' : 'open'} tickets
      </Link>
      {total === 0 ? (
        <p>No tickets here. Enjoy the quiet.</p>
      ) : (
        <ul>
          {tickets.map((ticket) => (
            <li key={ticket.id}>
              <Link href={`/tickets/${ticket.id}`}>{ticket.title}</Link>, opened {new Date(ticket.openedAt).toLocaleDateString('en')}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
