import { useRouter } from '@kit/kit-react';
import { useState } from 'react';
import { callApi } from '../lib/call-api.js';

// Revokes a key through POST /api/keys/:id/revoke.
export function RevokeKeyButton({ id, name }: { readonly id: string; readonly name: string }) {
  const router = useRouter();
  const [problem, setProblem] = useState<string | null>(null);

  async function revoke() {
    const answer = await callApi('POST', `/api/keys/${encodeURIComponent(id)}/revoke`, {});
    setProblem(answer.problem);
    if (answer.problem === null) await router.refresh();
  }

  return (
    <>
      {problem ? <span role="alert" className="error">{problem}</span> : null}
      <button type="button" onClick={() => void revoke()} aria-label={`Revoke the key of ${name}`} className="secondary">Revoke</button>
    </>
  );
}
