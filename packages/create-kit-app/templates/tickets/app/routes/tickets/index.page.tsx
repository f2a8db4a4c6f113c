import { defineAction, Link, useLoaderData, type Loader, type RouteMeta } from '@kit/kit-react';
import { z } from 'zod';
import { NewTicketForm } from '../../components/new-ticket-form.js';
import { TicketBadges } from '../../components/ticket-badges.js';
import { UtcTime } from '../../components/utc-time.js';
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

// The new-ticket form posts here. The action calls POST /api/tickets as the person who sent it, so the route's
// schema, its members-only policy and its handler decide, exactly as for an agent; its field errors come back
// to the form with the values kept. What it returns is shown once the list has been loaded again.
export const actions = {
  open: defineAction({
    input: z.object({ title: z.string(), description: z.string().optional(), priority: z.string().optional() }),
    handler: async ({ input, call }) => {
      const opened = await call<TicketView>('POST /api/tickets', input);
      return { title: opened.title };
    },
  }),
};

const emptyText = { open: 'No open tickets: everything is answered.', closed: 'No ticket has been closed yet.', all: 'No tickets yet. Open the first one with the form.' } as const;

// The document's title, in the head from the server and after each client navigation.
export const meta: RouteMeta = { title: 'Tickets · {{title}}' };

// GET /tickets: the newest hundred tickets, filtered by ?status=open|closed. The list is a list of rows, not a
// table, so that on a narrow screen each row can stack its parts under a full-width title.
export default function TicketsPage() {
  const { status, tickets } = useLoaderData<TicketList>();
  return (
    <>
      <div className="two-columns">
        <div>
          <h1>{status === null ? 'All tickets' : status === 'open' ? 'Open tickets' : 'Closed tickets'}</h1>
          {tickets.length === 0 ? (
            <p className="empty">{emptyText[status ?? 'all']}</p>
          ) : (
            <ul className="rows" aria-label="Tickets">
              {tickets.map((item) => (
                <li key={item.id}>
                  <span className="row-title"><Link href={`/tickets/${item.id}`}>{item.title}</Link></span>
                  <span className="row-side"><TicketBadges ticket={item} /></span>
                  <p className="row-meta">
                    Opened by {item.openedBy} · <UtcTime iso={item.createdAt} />
                  </p>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="card">
          <NewTicketForm />
        </div>
      </div>
    </>
  );
}
