import { useLoaderData, type Loader, type RouteMeta } from '@kit/kit-react';
import { NewKeyForm } from '../../components/new-key-form.js';
import { RevokeKeyButton } from '../../components/revoke-key-button.js';
import { UtcTime } from '../../components/utc-time.js';
import { requirePerson } from '../../lib/auth.js';
import { keysOf, type KeyView } from '../../lib/key-view.js';

export const loader: Loader<{ keys: readonly KeyView[] }> = async ({ ctx }) => ({ keys: await keysOf(requirePerson(ctx)) });

// The document's title, in the head from the server and after each client navigation.
export const meta: RouteMeta = { title: 'API keys · {{title}}' };

// GET /keys: the API keys of your agents. An agent sends its key as Authorization: Bearer <key>.
export default function KeysPage() {
  const { keys } = useLoaderData<{ keys: readonly KeyView[] }>();
  return (
    <>
      <div className="page-head">
        <h1>API keys for your agents</h1>
        <p>
          An agent sends its key as <code>Authorization: Bearer kit_…</code> and uses the same operations as this site, over HTTP or
          MCP at <code>/mcp</code>. It needs an admin's approval to close a ticket.
        </p>
      </div>
      <div className="two-columns">
        <div>
          <h2>Your keys</h2>
          {keys.length === 0 ? <p className="empty">No keys yet. Make one for each agent.</p> : null}
          {keys.length > 0 ? (
            <ul className="rows" aria-label="Your keys">
              {keys.map((key) => (
                <li key={key.id}>
                  <span className="row-title">{key.name}</span>
                  <span className="row-side row-action">
                    {key.revoked ? <span className="badge revoked">revoked</span> : <RevokeKeyButton id={key.id} name={key.name} />}
                  </span>
                  <p className="row-meta">
                    Starts with <code>{key.prefix}</code> · made <UtcTime iso={key.createdAt} />
                  </p>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <div className="card">
          <NewKeyForm />
        </div>
      </div>
    </>
  );
}
