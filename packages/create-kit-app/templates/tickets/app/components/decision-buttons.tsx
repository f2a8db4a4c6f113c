import { useApiAction } from '../lib/use-api-action.js';

// Approves or denies an agent's held call through POST /api/approvals/:id/decision.
export function DecisionButtons({ id, label }: { readonly id: string; readonly label: string }) {
  const { busy, problem, run } = useApiAction();
  const decide = (approved: boolean) => void run('POST', `/api/approvals/${encodeURIComponent(id)}/decision`, { approved });

  return (
    <div className="actions">
      {problem ? <p role="alert" className="error">{problem}</p> : null}
      <button type="button" disabled={busy} onClick={() => decide(true)} aria-label={`Approve: ${label}`}>Approve</button>
      <button type="button" disabled={busy} onClick={() => decide(false)} aria-label={`Deny: ${label}`} className="secondary">Deny</button>
    </div>
  );
}
