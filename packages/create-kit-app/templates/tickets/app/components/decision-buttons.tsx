import { Form, useActionPending } from '@kit/kit-react';

// Approves or denies an agent's held call with the approvals page's `decide` action (POST
// /api/approvals/:id/decision). Each button sends its own `decision`, as any form's submit buttons do.
export function DecisionButtons({ id, label }: { readonly id: string; readonly label: string }) {
  const sending = useActionPending('decide');
  return (
    <Form action="decide" className="actions">
      <input type="hidden" name="id" value={id} />
      <button type="submit" name="decision" value="approve" disabled={sending} aria-label={`Approve: ${label}`}>Approve</button>
      <button type="submit" name="decision" value="deny" disabled={sending} aria-label={`Deny: ${label}`} className="danger">Deny</button>
    </Form>
  );
}
