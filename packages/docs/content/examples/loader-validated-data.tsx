// ---
// title: Validating loader data with a zod schema
// description: Because the type argument of useLoaderData<T>() is not checked at run time, this page parses the loader data with the same zod schema as the API route's output, turning drift between loader and page into a clear error.
// topics: [loader, react, defineAPI]
// relatedDocs: /docs/react-shell#useloaderdata
// ---
// src/routes/tickets/detail.page.tsx
import { useLoaderData } from '@kit/kit-react';
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

export default function TicketDetailPage() {
  const parsed = ticketDetail.safeParse(useLoaderData<unknown>());
  if (!parsed.success) {
    // Thrown errors are shown by the nearest _error.tsx.
    throw new Error(`ticket page: the loader returned data of the wrong shape: ${parsed.error.message}`);
  }
  const ticket: TicketDetail = parsed.data;

  return (
    <article>
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
