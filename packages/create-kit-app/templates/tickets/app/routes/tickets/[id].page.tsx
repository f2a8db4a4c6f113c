import { KitError } from '@kit/kit-core';
import { Link, useLoaderData, type Loader } from '@kit/kit-react';
import { CloseTicketForm } from '../../components/close-ticket-form.js';
import { pendingApprovals } from '../../lib/approval-view.js';
import { requirePerson } from '../../lib/auth.js';
import { db } from '../../lib/db.js';
import { ticketView, type TicketView } from '../../lib/ticket-view.js';
import { ticket } from '../../models/ticket.js';

interface TicketPageData {
  readonly ticket: TicketView;
  /** Agents waiting for a person's approval to close this ticket. */
  readonly waitingAgents: readonly string[];
}

export const loader: Loader<TicketPageData> = async ({ ctx, params }) => {
  requirePerson(ctx);
  const id = String(params.id);
  const found = await (await db()).findById(ticket, id);
  if (found === null) throw new KitError('not_found', `There is no ticket ${id}.`);
  const waiting = (await pendingApprovals()).filter((approval) => approval.input.id === id);
  return { ticket: ticketView(found), waitingAgents: waiting.map((approval) => approval.requestedBy) };
};

// GET /tickets/:id: one ticket, and closing it.
export default function TicketPage() {
  const { ticket: item, waitingAgents } = useLoaderData<TicketPageData>();
  return (
    <article>
      <title>{`${item.title} · {{title}}`}</title>
      <h1>{item.title}</h1>
      <dl className="facts">
        <dt>Status</dt><dd data-testid="status">{item.status}</dd>
        <dt>Priority</dt><dd>{item.priority}</dd>
        <dt>Opened by</dt><dd>{item.openedBy}</dd>
        <dt>Opened</dt><dd><time dateTime={item.createdAt}>{item.createdAt.slice(0, 16).replace('T', ' ')}</time></dd>
      </dl>
      {item.description ? <p className="description">{item.description}</p> : null}
      {item.status === 'closed' ? (
        <p className="resolution"><strong>Resolution:</strong> {item.resolution}</p>
      ) : (
        <>
          {waitingAgents.length > 0 ? <p role="status">Waiting for approval to close it: {waitingAgents.join(', ')}. <Link href="/approvals">Review</Link></p> : null}
          <CloseTicketForm id={item.id} />
        </>
      )}
      <p><Link href="/tickets">All tickets</Link></p>
    </article>
  );
}
