import { useApiAction } from '../lib/use-api-action.js';

// Revokes a key through POST /api/keys/:id/revoke.
export function RevokeKeyButton({ id, name }: { readonly id: string; readonly name: string }) {
  const { busy, problem, run } = useApiAction();

  return (
    <>
      {problem ? <span role="alert" className="error">{problem}</span> : null}
      <button type="button" disabled={busy} onClick={() => void run('POST', `/api/keys/${encodeURIComponent(id)}/revoke`, {})} aria-label={`Revoke the key of ${name}`} className="danger small">
        Revoke
      </button>
    </>
  );
}
