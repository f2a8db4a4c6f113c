import { useLoaderData, type Loader } from '@kit/kit-react';
import { NewKeyForm } from '../../components/new-key-form.js';
import { RevokeKeyButton } from '../../components/revoke-key-button.js';
import { requirePerson } from '../../lib/auth.js';
import { keysOf, type KeyView } from '../../lib/key-view.js';

export const loader: Loader<{ keys: readonly KeyView[] }> = async ({ ctx }) => ({ keys: await keysOf(requirePerson(ctx)) });

// GET /keys: the API keys of your agents. An agent sends its key as Authorization: Bearer <key>.
export default function KeysPage() {
  const { keys } = useLoaderData<{ keys: readonly KeyView[] }>();
  return (
    <>
      <title>API keys · {{title}}</title>
      <h1>API keys for your agents</h1>
      <p>An agent with a key uses the same API as this site, over HTTP or MCP at /mcp, and needs a person's approval to close a ticket.</p>
      {keys.length === 0 ? <p>No keys yet.</p> : null}
      <ul className="keys">
        {keys.map((key) => (
          <li key={key.id}>
            <strong>{key.name}</strong> <code>{key.prefix}…</code> {key.revoked ? <em>revoked</em> : <RevokeKeyButton id={key.id} name={key.name} />}
          </li>
        ))}
      </ul>
      <NewKeyForm />
    </>
  );
}
