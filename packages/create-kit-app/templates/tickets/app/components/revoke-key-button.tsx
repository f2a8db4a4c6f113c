import { Form, useActionPending } from '@kit/kit-react';

// Revokes a key with the keys page's `revoke` action (POST /api/keys/:id/revoke): a one-button form.
export function RevokeKeyButton({ id, name }: { readonly id: string; readonly name: string }) {
  const sending = useActionPending('revoke');
  return (
    <Form action="revoke" className="inline-form">
      <input type="hidden" name="id" value={id} />
      <button type="submit" disabled={sending} aria-label={`Revoke the key of ${name}`} className="danger small">
        Revoke
      </button>
    </Form>
  );
}
