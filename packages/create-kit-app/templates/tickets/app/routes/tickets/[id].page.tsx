import { KitError } from '@kit/kit-core';
import { defineAction, Link, redirect, useLoaderData, type Loader, type MetaArgs, type RouteMeta } from '@kit/kit-react';
import { z } from 'zod';
import { CloseTicketForm } from '../../components/close-ticket-form.js';
import { TicketAssistant } from '../../components/ticket-assistant.js';
import { UtcTime } from '../../components/utc-time.js';
import { pendingApprovals } from '../../lib/approval-view.js';
import { assistantView, type AssistantView } from '../../lib/assistant.js';
import { requirePerson } from '../../lib/auth.js';
import { db } from '../../lib/db.js';
import { ticketView, type TicketView } from '../../lib/ticket-view.js';
import { ticket } from '../../models/ticket.js';

interface TicketPageData {
  readonly ticket: TicketView;
  /** Agents waiting for a person's approval to close this ticket. */
  readonly waitingAgents: readonly string[];
  readonly assistant: AssistantView;
}

export const loader: Loader<TicketPageData> = async ({ ctx, params }) => {
  const person = requirePerson(ctx);
  const id = String(params.id);
  const found = await (await db()).findById(ticket, id);
  if (found === null) throw new KitError('not_found', `There is no ticket ${id}.`);
  const waiting = (await pendingApprovals()).filter((approval) => approval.input.id === id);
  return { ticket: ticketView(found), waitingAgents: waiting.map((approval) => approval.requestedBy), assistant: await assistantView(person, id) };
};

// The document's title, in the head from the server and after each client navigation.
export const meta = ({ data }: MetaArgs<TicketPageData>): RouteMeta => ({ title: `${data.ticket.title} · {{title}}` });

// The close form posts here; the action calls POST /api/tickets/:id/close as the person who sent it (the
// route's policy holds agents' closes for approval, not people's), then shows the ticket again with a GET, so
// reloading the page never sends the form twice.
export const actions = {
  close: defineAction({
    input: z.object({ resolution: z.string() }),
    handler: async ({ input, params, call }) => {
      const id = String(params.id);
      await call('POST /api/tickets/:id/close', { id, resolution: input.resolution });
      return redirect(`/tickets/${encodeURIComponent(id)}`);
    },
  }),
};

// GET /tickets/:id: one ticket, and closing it.
export default function TicketPage() {
  const { ticket: item, waitingAgents, assistant } = useLoaderData<TicketPageData>();
  return (
    <div className="two-columns">
      <article className="card">
        <h1>{item.title}</h1>
        <dl className="facts">
          <dt>Status</dt><dd><span className={`badge ${item.status}`} data-testid="status">{item.status}</span></dd>
          <dt>Priority</dt><dd><span className={`badge ${item.priority}`}>{item.priority}</span></dd>
          <dt>Opened by</dt><dd>{item.openedBy}</dd>
          <dt>Opened</dt><dd><UtcTime iso={item.createdAt} /></dd>
          {item.closedAt ? (
            <>
              <dt>Closed</dt><dd><UtcTime iso={item.closedAt} /></dd>
            </>
          ) : null}
        </dl>
        {item.description ? <p className="description">{item.description}</p> : <p className="muted">No description.</p>}
        {item.status === 'closed' ? <p className="notice success"><strong>Resolution:</strong> {item.resolution}</p> : null}
      </article>
      <div>
        {item.status === 'open' ? (
          <div className="card">
            {waitingAgents.length > 0 ? (
              <p role="status" className="notice">
                Waiting for approval to close it: {waitingAgents.join(', ')}. <Link href="/approvals">Review</Link>
              </p>
            ) : null}
            <CloseTicketForm />
          </div>
        ) : null}
        <TicketAssistant ticketId={item.id} assistant={assistant} />
        <p><Link href="/tickets" className="back">← All tickets</Link></p>
      </div>
    </div>
  );
}
