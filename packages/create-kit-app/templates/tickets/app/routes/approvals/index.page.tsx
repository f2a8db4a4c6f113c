import { KitError } from '@kit/kit-core';
import { defineAction, Link, redirect, useLoaderData, type Loader, type RouteMeta } from '@kit/kit-react';
import { z } from 'zod';
import { DecisionButtons } from '../../components/decision-buttons.js';
import { UtcTime } from '../../components/utc-time.js';
import { pendingApprovals, type ApprovalView } from '../../lib/approval-view.js';
import { requirePerson } from '../../lib/auth.js';
import { db } from '../../lib/db.js';
import { viewerOf } from '../../lib/viewer.js';
import { apiKey } from '../../models/api-key.js';
import { ticket } from '../../models/ticket.js';
import { user } from '../../models/user.js';

/** A pending approval with what a reviewer needs beside it: the ticket it concerns and who asked. */
interface ApprovalItem {
  readonly approval: ApprovalView;
  /** The ticket named by the call's input; null when it names none, or one that no longer exists. */
  readonly ticket: { readonly id: string; readonly title: string } | null;
  /** Who asked, in words: "triage-bot (agent), the key of Ada (ada@example.com)", or a person's name and e-mail. */
  readonly requester: string;
}

// The approval records only hold the ticket's id and `agent:<key name>`: the titles and owners come from the
// database here, so the API's GET /api/approvals keeps answering just what the record holds.
export const loader: Loader<{ items: readonly ApprovalItem[] }> = async ({ ctx }) => {
  requirePerson(ctx);
  if (!viewerOf(ctx)?.reviewer) throw new KitError('forbidden', 'Only an admin reviews what agents ask to do.');
  const database = await db();
  // Who asked, from what the approval records: an agent's key name (keys are named uniquely, and a name is
  // never reused), else a person's id. (Inside the loader: the browser bundle drops the loader and so the
  // database code; a function beside it would stay and pull the database into the browser.)
  const requesterOf = async (requestedBy: string): Promise<string> => {
    const key = (await database.list(apiKey, { where: { name: requestedBy }, limit: 1 })).items[0];
    if (key !== undefined) {
      const owner = await database.findById(user, key.ownerId);
      return owner === null ? `${key.name} (agent)` : `${key.name} (agent), the key of ${owner.name} (${owner.email})`;
    }
    const person = await database.findById(user, requestedBy);
    return person === null ? requestedBy : `${person.name} (${person.email})`;
  };
  const items = await Promise.all(
    (await pendingApprovals()).map(async (approval): Promise<ApprovalItem> => {
      const ticketId = approval.input.id;
      const found = typeof ticketId === 'string' ? await database.findById(ticket, ticketId) : null;
      return { approval, ticket: found === null ? null : { id: found.id, title: found.title }, requester: await requesterOf(approval.requestedBy) };
    }),
  );
  return { items };
};

// The Approve and Deny buttons post here: POST /api/approvals/:id/decision, under the route's reviewers-only policy.
export const actions = {
  decide: defineAction({
    input: z.object({ id: z.string(), decision: z.enum(['approve', 'deny']) }),
    handler: async ({ input, call }) => {
      await call('POST /api/approvals/:id/decision', { id: input.id, approved: input.decision === 'approve' });
      return redirect('/approvals');
    },
  }),
};

/** What was asked for, in words: also the accessible name of its buttons ("Approve: Close ticket …"). */
function describe({ approval, ticket: target }: ApprovalItem): string {
  if (approval.action === 'post_api_tickets_id_close') return `Close ticket "${target?.title ?? String(approval.input.id)}"`;
  return approval.action;
}

// The document's title, in the head from the server and after each client navigation.
export const meta: RouteMeta = { title: 'Approvals · {{title}}' };

// GET /approvals: admins approve or deny what agents wait for.
export default function ApprovalsPage() {
  const { items } = useLoaderData<{ items: readonly ApprovalItem[] }>();
  return (
    <>
      <div className="page-head">
        <h1>Waiting for approval</h1>
        <p>Agents may open and edit tickets on their own; closing one waits for an admin. An approved close runs when the agent sends it again.</p>
      </div>
      {items.length === 0 ? <p className="empty">No agent is waiting for a decision.</p> : null}
      <ul className="stack-list">
        {items.map((item) => (
          <li key={item.approval.id} className="card approval">
            <h2>
              {item.approval.action === 'post_api_tickets_id_close' ? 'Close ' : `${item.approval.action}: `}
              {item.ticket ? <Link href={`/tickets/${item.ticket.id}`}>{item.ticket.title}</Link> : <code>{String(item.approval.input.id ?? '')}</code>}
            </h2>
            {typeof item.approval.input.resolution === 'string' ? (
              <blockquote className="resolution-quote">
                <span className="visually-hidden">Resolution: </span>
                {item.approval.input.resolution}
              </blockquote>
            ) : null}
            <dl className="facts">
              <dt>Requested by</dt>
              <dd data-testid="requester">{item.requester}</dd>
              <dt>Asked</dt>
              <dd><UtcTime iso={item.approval.createdAt} /></dd>
              <dt>Expires</dt>
              <dd><UtcTime iso={item.approval.expiresAt} /></dd>
            </dl>
            <DecisionButtons id={item.approval.id} label={describe(item)} />
          </li>
        ))}
      </ul>
    </>
  );
}
