// ---
// title: Validating loader data with a zod schema
// description: A ticket page whose loader throws KitError('not_found') for an unknown id (the not-found page, status 404) and whose component parses the loader data with the same zod schema as the API route's output, because the type argument of useLoaderData<T>() is not checked at run time.
// topics: [loader, react, defineAPI]
// relatedDocs: /docs/react-shell#useloaderdata
// ---
// app/routes/tickets/[id].page.tsx: /tickets/:id
import { KitError } from '@kit/kit-core';
import { useLoaderData, type LoaderArgs } from '@kit/kit-react';
import { z } from 'zod';

// The same schema can serve as the `output` of the matching defineAPI route.
export const ticketDetail = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  status: z.enum(['open', 'pending', 'closed']),
  comments: z.array(z.object({ author: z.string(), body: z.string() })),
});
export type TicketDetail = z.infer<typeof ticketDetail>;

const stored: Record<string, TicketDetail> = {
  '42': {
    id: '42',
    title: 'Printer on fire',
    body: 'Smoke is coming out of the second-floor printer.',
    status: 'open',
    comments: [{ author: 'sam', body: 'Facilities are on their way.' }],
  },
};

export async function loader({ params }: LoaderArgs) {
  const id = String(params.id);
  const ticket = stored[id];
  // The nearest not-found.tsx is shown, with status 404 when this happens before the shell is sent.
  if (ticket === undefined) throw new KitError('not_found', `No ticket with id "${id}".`);
  return ticket;
}

export default function TicketDetailPage() {
  const parsed = ticketDetail.safeParse(useLoaderData<unknown>());
  if (!parsed.success) {
    // A component that throws is replaced by the nearest _error.tsx (status 500, code "internal").
    throw new Error(`ticket page: the loader returned data of the wrong shape: ${parsed.error.message}`);
  }
  const ticket = parsed.data;

  return (
    <article>
      <title>{`${ticket.title} · Helpdesk`}</title>
      <h1>
        {ticket.title} <small>({ticket.status})</small>
      </h1>
      <p>{ticket.body}</p>
      <h2>{ticket.comments.length} comments</h2>
      {ticket.comments.map((comment, index) => (
        <blockquote key={index}>
          <p>{comment.body}</p>
          <footer>{comment.author}</footer>
        </blockquote>
      ))}
    </article>
  );
}
