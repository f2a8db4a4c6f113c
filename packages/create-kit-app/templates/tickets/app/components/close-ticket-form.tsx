import { Form, useActionData, useActionPending } from '@kit/kit-react';
import type { actions } from '../routes/tickets/[id].page.js';
import { ActionProblem, keptValue } from './action-problem.js';

// Closes a ticket with the ticket page's `close` action, which calls POST /api/tickets/:id/close. People
// close directly; the same route holds an agent's call for approval (app/policies/agents-close-with-approval.ts).
export function CloseTicketForm() {
  const result = useActionData<typeof actions.close>('close');
  const sending = useActionPending('close');
  return (
    <Form action="close" className="stacked" aria-labelledby="close-ticket-title">
      <h2 id="close-ticket-title">Close the ticket</h2>
      <ActionProblem result={result} labels={{ resolution: 'The resolution' }} />
      <label>Resolution <textarea name="resolution" rows={3} required minLength={3} maxLength={2000} defaultValue={keptValue(result, 'resolution')} /></label>
      <button type="submit" disabled={sending}>Close ticket</button>
    </Form>
  );
}
