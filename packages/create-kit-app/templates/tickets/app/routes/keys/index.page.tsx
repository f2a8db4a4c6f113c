import { KitError, invalidInput } from '@kit/kit-core';
import { defineAction, redirect, useLoaderData, type Loader, type RouteMeta } from '@kit/kit-react';
import { z } from 'zod';
import { NewKeyForm } from '../../components/new-key-form.js';
import { RevokeKeyButton } from '../../components/revoke-key-button.js';
import { UtcTime } from '../../components/utc-time.js';
import { requirePerson } from '../../lib/auth.js';
import { keysOf, type KeyView } from '../../lib/key-view.js';

export const loader: Loader<{ keys: readonly KeyView[] }> = async ({ ctx }) => ({ keys: await keysOf(requirePerson(ctx)) });

// The forms of the page post here; each action calls the API route agents and scripts use.
export const actions = {
  // POST /api/keys. The key is in this answer only: the page shows it once (the answer is never stored).
  make: defineAction({
    input: z.object({ name: z.string() }),
    handler: async ({ input, call }) => {
      try {
        const made = await call<{ name: string; key: string }>('POST /api/keys', input);
        return { name: made.name, key: made.key };
      } catch (error) {
        // A name that is taken is shown in the form, with the value kept, rather than as an error page.
        if (error instanceof KitError && error.code === 'conflict') throw invalidInput([{ field: '', message: error.message }]);
        throw error;
      }
    },
  }),
  // POST /api/keys/:id/revoke, then the list again.
  revoke: defineAction({
    input: z.object({ id: z.string() }),
    handler: async ({ input, call }) => {
      await call('POST /api/keys/:id/revoke', input);
      return redirect('/keys');
    },
  }),
};

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
