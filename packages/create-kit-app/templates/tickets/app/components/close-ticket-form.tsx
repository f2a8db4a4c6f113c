import type { FormEvent } from 'react';
import { useApiAction } from '../lib/use-api-action.js';

// Closes a ticket through POST /api/tickets/:id/close. People close directly; the same route holds an
// agent's call for approval (app/policies/agents-close-with-approval.ts).
export function CloseTicketForm({ id }: { readonly id: string }) {
  const { busy, problem, run } = useApiAction();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const resolution = String(new FormData(event.currentTarget).get('resolution') ?? '');
    await run('POST', `/api/tickets/${encodeURIComponent(id)}/close`, { resolution });
  }

  return (
    <form onSubmit={submit} className="stacked" aria-labelledby="close-ticket-title">
      <h2 id="close-ticket-title">Close the ticket</h2>
      {problem ? <p role="alert" className="alert">{problem}</p> : null}
      <label>Resolution <textarea name="resolution" rows={3} required minLength={3} maxLength={2000} /></label>
      <button type="submit" disabled={busy}>Close ticket</button>
    </form>
  );
}
