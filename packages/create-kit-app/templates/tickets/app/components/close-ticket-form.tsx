import { useRouter } from '@kit/kit-react';
import { useState, type FormEvent } from 'react';
import { callApi } from '../lib/call-api.js';

// Closes a ticket through POST /api/tickets/:id/close. People close directly; the same route holds an
// agent's call for approval (app/policies/agents-close-with-approval.ts).
export function CloseTicketForm({ id }: { readonly id: string }) {
  const router = useRouter();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const resolution = String(new FormData(event.currentTarget).get('resolution') ?? '');
    setBusy(true);
    const answer = await callApi('POST', `/api/tickets/${encodeURIComponent(id)}/close`, { resolution });
    setBusy(false);
    setProblem(answer.problem);
    if (answer.problem === null) await router.refresh();
  }

  return (
    <form onSubmit={submit} className="stacked" aria-label="Close the ticket">
      {problem ? <p role="alert" className="error">{problem}</p> : null}
      <label>Resolution <textarea name="resolution" rows={2} required minLength={3} maxLength={2000} /></label>
      <button type="submit" disabled={busy}>Close ticket</button>
    </form>
  );
}
