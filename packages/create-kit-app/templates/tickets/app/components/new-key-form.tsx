import { useState, type FormEvent } from 'react';
import { useApiAction } from '../lib/use-api-action.js';

// Makes an API key through POST /api/keys and shows it once: only its hash is stored.
export function NewKeyForm() {
  const { busy, problem, run } = useApiAction();
  const [made, setMade] = useState<{ name: string; key: string } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const answer = await run<{ name: string; key: string }>('POST', '/api/keys', { name: String(new FormData(form).get('name') ?? '') });
    if (answer.body !== null) {
      setMade({ name: answer.body.name, key: answer.body.key });
      form.reset();
    }
  }

  return (
    <form onSubmit={submit} className="stacked" aria-label="New API key">
      <h2>New API key</h2>
      {problem ? <p role="alert" className="error">{problem}</p> : null}
      {made ? (
        <p role="status">
          The key of <strong>{made.name}</strong>, shown this once: <code data-testid="new-key">{made.key}</code>
        </p>
      ) : null}
      <label>Agent name <input name="name" required pattern="[a-z0-9][a-z0-9\-]{1,58}[a-z0-9]" placeholder="triage-bot" /></label>
      <button type="submit" disabled={busy}>Make key</button>
    </form>
  );
}
