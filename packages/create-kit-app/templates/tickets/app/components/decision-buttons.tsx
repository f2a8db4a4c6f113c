import { useRouter } from '@kit/kit-react';
import { useState } from 'react';
import { callApi } from '../lib/call-api.js';

// Approves or denies an agent's held call through POST /api/approvals/:id/decision.
export function DecisionButtons({ id, label }: { readonly id: string; readonly label: string }) {
  const router = useRouter();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function decide(approved: boolean) {
    setBusy(true);
    const answer = await callApi('POST', `/api/approvals/${encodeURIComponent(id)}/decision`, { approved });
    setBusy(false);
    setProblem(answer.problem);
    if (answer.problem === null) await router.refresh();
  }

  return (
    <div className="actions">
      {problem ? <p role="alert" className="error">{problem}</p> : null}
      <button type="button" disabled={busy} onClick={() => void decide(true)} aria-label={`Approve: ${label}`}>Approve</button>
      <button type="button" disabled={busy} onClick={() => void decide(false)} aria-label={`Deny: ${label}`} className="secondary">Deny</button>
    </div>
  );
}
