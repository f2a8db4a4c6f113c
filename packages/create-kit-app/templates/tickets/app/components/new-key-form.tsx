import { Form, useActionData, useActionPending } from '@kit/kit-react';
import type { actions } from '../routes/keys/index.page.js';
import { ActionProblem, keptValue } from './action-problem.js';
import { CopyButton } from './copy-button.js';

// Makes an API key with the keys page's `make` action (POST /api/keys) and shows it once: only its hash is
// stored. The page that shows it is never stored either (the answer to a form post is sent no-store).
export function NewKeyForm() {
  const result = useActionData<typeof actions.make>('make');
  const sending = useActionPending('make');
  // Only the outcome of the last attempt is shown: a refusal replaces the key shown before.
  const made = result?.status === 'done' ? result.data : null;
  return (
    <Form action="make" className="stacked" aria-labelledby="new-key-title">
      <h2 id="new-key-title">New API key</h2>
      <ActionProblem result={result} labels={{ name: 'The agent name' }} />
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
        <input name="name" required pattern="[a-z0-9][a-z0-9\-]{1,58}[a-z0-9]" placeholder="triage-bot" aria-describedby="agent-name-hint" defaultValue={keptValue(result, 'name')} />
        <span id="agent-name-hint" className="hint">Lower-case letters, digits and dashes. A name is never given to a second key.</span>
      </label>
      <button type="submit" disabled={sending}>Make key</button>
    </Form>
  );
}
