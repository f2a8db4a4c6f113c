import { defineAction, Form, Link, redirect, useLoaderData } from '@kit/kit-react';
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
      <Form action="open">
        <label>
          Title <input name="title" />
        </label>
        <button type="submit">Open ticket</button>
      </Form>
    </>
  );
}

// Opens a ticket through the API route, so its policy (reserved titles) holds for the form too. (Below the
// page, so the lines the dev server tests point at stay where they are.)
import { z } from 'zod';

export const actions = {
  open: defineAction({
    input: z.object({ title: z.string().min(1) }),
    handler: async ({ input, call }) => {
      const ticket = await call<Ticket>('POST /api/tickets', input);
      return redirect(`/tickets/${ticket.id}`);
    },
  }),
};
