import { useApiAction } from '../lib/use-api-action.js';

// Approves or denies an agent's held call through POST /api/approvals/:id/decision.
export function DecisionButtons({ id, label }: { readonly id: string; readonly label: string }) {
  const { busy, problem, run } = useApiAction();
  const decide = (approved: boolean) => void run('POST', `/api/approvals/${encodeURIComponent(id)}/decision`, { approved });

  return (
    <>
      {problem ? <p role="alert" className="alert">{problem}</p> : null}
      <div className="actions">
        <button type="button" disabled={busy} onClick={() => decide(true)} aria-label={`Approve: ${label}`}>Approve</button>
        <button type="button" disabled={busy} onClick={() => decide(false)} aria-label={`Deny: ${label}`} className="danger">Deny</button>
      </div>
    </>
  );
}
