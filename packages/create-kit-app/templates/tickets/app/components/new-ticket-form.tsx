import type { FormEvent } from 'react';
import { useApiAction } from '../lib/use-api-action.js';

// Opens a ticket through POST /api/tickets, the route agents use too, then shows the list again.
export function NewTicketForm() {
  const { busy, problem, run } = useApiAction();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    const answer = await run('POST', '/api/tickets', {
      title: String(fields.get('title') ?? ''),
      description: String(fields.get('description') ?? '') || undefined,
      priority: String(fields.get('priority') ?? 'normal'),
    });
    if (answer.problem === null) form.reset();
  }

  return (
    <form onSubmit={submit} className="stacked" aria-labelledby="new-ticket-title">
      <h2 id="new-ticket-title">New ticket</h2>
      {problem ? <p role="alert" className="alert">{problem}</p> : null}
      <label>Title <input name="title" required minLength={3} maxLength={200} /></label>
      <label>Description <textarea name="description" rows={3} maxLength={5000} /></label>
      <label>
        Priority
        <select name="priority" defaultValue="normal">
          <option value="low">Low</option>
          <option value="normal">Normal</option>
          <option value="high">High</option>
        </select>
      </label>
      <button type="submit" disabled={busy}>Open ticket</button>
    </form>
  );
}
