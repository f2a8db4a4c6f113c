import { useRouter } from '@kit/kit-react';
import { useState, type FormEvent } from 'react';
import { callApi } from '../lib/call-api.js';

// Opens a ticket through POST /api/tickets, the route agents use too, then shows the list again.
export function NewTicketForm() {
  const router = useRouter();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    setBusy(true);
    const answer = await callApi('POST', '/api/tickets', {
      title: String(fields.get('title') ?? ''),
      description: String(fields.get('description') ?? '') || undefined,
      priority: String(fields.get('priority') ?? 'normal'),
    });
    setBusy(false);
    setProblem(answer.problem);
    if (answer.problem === null) {
      form.reset();
      await router.refresh();
    }
  }

  return (
    <form onSubmit={submit} className="stacked" aria-label="New ticket">
      <h2>New ticket</h2>
      {problem ? <p role="alert" className="error">{problem}</p> : null}
      <label>Title <input name="title" required minLength={3} maxLength={200} /></label>
      <label>Description <textarea name="description" rows={3} maxLength={5000} /></label>
      <label>
        Priority{' '}
        <select name="priority" defaultValue="normal">
          <option value="low">low</option>
          <option value="normal">normal</option>
          <option value="high">high</option>
        </select>
      </label>
      <button type="submit" disabled={busy}>Open ticket</button>
    </form>
  );
}
