import { KitError } from '@kit/kit-core';
import { Link, useLoaderData, type Loader } from '@kit/kit-react';
import { DecisionButtons } from '../../components/decision-buttons.js';
import { pendingApprovals, type ApprovalView } from '../../lib/approval-view.js';
import { requirePerson } from '../../lib/auth.js';
import { viewerOf } from '../../lib/viewer.js';

export const loader: Loader<{ approvals: readonly ApprovalView[] }> = async ({ ctx }) => {
  requirePerson(ctx);
  if (!viewerOf(ctx)?.reviewer) throw new KitError('forbidden', 'Only an admin reviews what agents ask to do.');
  return { approvals: await pendingApprovals() };
};

/** What an agent asked for, in words. */
function describe(approval: ApprovalView): string {
  if (approval.action === 'post_api_tickets_id_close') return `Close ticket ${String(approval.input.id)} with "${String(approval.input.resolution)}"`;
  return `${approval.action} ${JSON.stringify(approval.input)}`;
}

// GET /approvals: admins approve or deny what agents wait for.
export default function ApprovalsPage() {
  const { approvals } = useLoaderData<{ approvals: readonly ApprovalView[] }>();
  return (
    <>
      <title>Approvals · {{title}}</title>
      <h1>Waiting for approval</h1>
      {approvals.length === 0 ? <p>No agent is waiting for a decision.</p> : null}
      <ul className="approvals">
        {approvals.map((approval) => (
          <li key={approval.id}>
            <p>
              <strong>{approval.requestedBy}</strong> asks: {describe(approval)}.{' '}
              {typeof approval.input.id === 'string' ? <Link href={`/tickets/${approval.input.id}`}>See the ticket</Link> : null}
            </p>
            <DecisionButtons id={approval.id} label={describe(approval)} />
          </li>
        ))}
      </ul>
    </>
  );
}
