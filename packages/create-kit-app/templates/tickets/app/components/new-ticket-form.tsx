import { Form, useActionData, useActionPending } from '@kit/kit-react';
import type { actions } from '../routes/tickets/index.page.js';
import { ActionProblem, keptValue } from './action-problem.js';

// Opens a ticket with the list page's `open` action, which calls POST /api/tickets, the route agents use
// too. It is a form post: it works before (or without) JavaScript, and with it the list refreshes in place.
export function NewTicketForm() {
  const result = useActionData<typeof actions.open>('open');
  const sending = useActionPending('open');
  return (
    <Form action="open" className="stacked" aria-labelledby="new-ticket-title">
      <h2 id="new-ticket-title">New ticket</h2>
      <ActionProblem result={result} labels={{ title: 'The title', description: 'The description', priority: 'The priority' }} />
      {result?.status === 'done' ? (
        <p role="status" className="notice success">Opened “{result.data.title}”: it is at the top of the list.</p>
      ) : null}
      <label>Title <input name="title" required minLength={3} maxLength={200} defaultValue={keptValue(result, 'title')} /></label>
      <label>Description <textarea name="description" rows={3} maxLength={5000} defaultValue={keptValue(result, 'description')} /></label>
      <label>
        Priority
        <select name="priority" defaultValue={keptValue(result, 'priority') ?? 'normal'}>
          <option value="low">Low</option>
          <option value="normal">Normal</option>
          <option value="high">High</option>
        </select>
      </label>
      <button type="submit" disabled={sending}>Open ticket</button>
    </Form>
  );
}
