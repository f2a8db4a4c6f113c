import { useState, type FormEvent } from 'react';
import { useApiAction } from '../lib/use-api-action.js';
import { CopyButton } from './copy-button.js';

// Makes an API key through POST /api/keys and shows it once: only its hash is stored.
export function NewKeyForm() {
  const { busy, problem, run } = useApiAction();
  const [made, setMade] = useState<{ name: string; key: string } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    // Only the outcome of this attempt is shown: the previous key goes (useApiAction drops the previous problem).
    setMade(null);
    const answer = await run<{ name: string; key: string }>('POST', '/api/keys', { name: String(new FormData(form).get('name') ?? '') });
    if (answer.problem === null && answer.body !== null) {
      setMade({ name: answer.body.name, key: answer.body.key });
      form.reset();
    }
  }

  return (
    <form onSubmit={submit} className="stacked" aria-labelledby="new-key-title">
      <h2 id="new-key-title">New API key</h2>
      {problem ? <p role="alert" className="alert">{problem}</p> : null}
      {made ? (
        <div role="status" className="notice success new-key">
          <p>
            The key of <strong>{made.name}</strong>. It is shown this once: copy it now and give it to the agent.
          </p>
          <code data-testid="new-key">{made.key}</code>
          <CopyButton text={made.key} label={`Copy the key of ${made.name}`} />
        </div>
      ) : null}
      <label>
        Agent name
        <input name="name" required pattern="[a-z0-9][a-z0-9\-]{1,58}[a-z0-9]" placeholder="triage-bot" aria-describedby="agent-name-hint" />
        <span id="agent-name-hint" className="hint">Lower-case letters, digits and dashes. A name is never given to a second key.</span>
      </label>
      <button type="submit" disabled={busy}>Make key</button>
    </form>
  );
}
