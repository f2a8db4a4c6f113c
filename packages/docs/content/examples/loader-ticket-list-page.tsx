// ---
// title: A page that renders its loader data with useLoaderData
// description: A tickets page that reads the list its server loader produced with useLoaderData<T>(), typed by an interface shared with the loader, so the first render already has the data and needs no fetch.
// topics: [loader, react]
// relatedDocs: /docs/react-shell#useloaderdata
// ---
// src/routes/tickets.page.tsx
import { useLoaderData } from '@kit/kit-react';

// Keep this type in step with what the page's loader returns: T is not checked at run time.
export interface TicketListData {
  tickets: { id: string; title: string; status: 'open' | 'closed'; openedAt: string }[];
  total: number;
}

export default function TicketsPage() {
  const { tickets, total } = useLoaderData<TicketListData>();

  if (total === 0) return <p>No tickets yet. Enjoy the quiet.</p>;

  return (
    <section>
      <h1>Tickets ({total})</h1>
      <ul>
        {tickets.map((ticket) => (
          <li key={ticket.id}>
            <strong>{ticket.title}</strong> - {ticket.status}, opened{' '}
            {new Date(ticket.openedAt).toLocaleDateString()}
          </li>
        ))}
      </ul>
    </section>
  );
}
