// ---
// title: A page's title, description and link preview from its data
// description: A ticket page that exports meta as a function of its loader data, so the server writes the title, the canonical link and the Open Graph tags into the head with the shell, and a client navigation to another ticket replaces them; the root layout's description stays unless the page gives one.
// topics: [react, loader]
// relatedDocs: /docs/react-shell#head-metadata
// ---
// app/routes/tickets/[id].page.tsx
import { useLoaderData, type LoaderArgs, type MetaArgs, type RouteMeta } from '@kit/kit-react';

interface TicketData {
  readonly ticket: { readonly id: string; readonly title: string; readonly summary: string };
}

export async function loader({ params }: LoaderArgs): Promise<TicketData> {
  const id = String(params.id);
  // A real page reads the ticket from its database here.
  return { ticket: { id, title: `Ticket ${id}`, summary: 'The printer on the third floor is out of toner.' } };
}

// Merged over the layouts' meta: these fields win, the layouts' other fields (a description) stay.
export const meta = ({ data, pathname }: MetaArgs<TicketData>): RouteMeta => ({
  title: `${data.ticket.title} · Help desk`,
  description: data.ticket.summary,
  canonical: `https://desk.example${pathname}`,
  openGraph: { type: 'article' },
});

export default function TicketPage() {
  const { ticket } = useLoaderData<TicketData>();
  return (
    <article>
      <h1>{ticket.title}</h1>
      <p>{ticket.summary}</p>
    </article>
  );
}
