import { Link, useLoaderData, type Loader, type PageCacheSettings, type PageHydration } from '@kit/kit-react';
import { viewerOf, type Viewer } from '../lib/viewer.js';

// Text and links only: the page sends no JavaScript (no React, no loader data).
export const hydrate: PageHydration = 'none';

// Visitors who are not signed in all get the same home page: `kit start` keeps it for five minutes rather
// than render it for each of them. A signed-in person always gets theirs, rendered for them.
export const cache: PageCacheSettings = { revalidate: 300 };

export const loader: Loader<{ viewer: Viewer | null }> = async ({ ctx }) => ({ viewer: viewerOf(ctx) });

// The home page, served at /: what the app is, where to go, and how agents reach it.
export default function HomePage() {
  const { viewer } = useLoaderData<{ viewer: Viewer | null }>();
  return (
    <>
      <section className="hero" aria-labelledby="home-title">
        <p className="eyebrow">{{title}}</p>
        <h1 id="home-title">A help desk for people and their agents</h1>
        <p className="lead">
          Open tickets, follow them and close them with a resolution. Agents work on the same tickets with an API key,
          and when one wants to close a ticket, an admin approves it first.
        </p>
        {viewer ? (
          <div className="actions">
            <Link href="/tickets?status=open" className="button">See the open tickets</Link>
            <Link href="/keys" className="button secondary">Make a key for an agent</Link>
          </div>
        ) : (
          <>
            <div className="actions">
              <Link href="/signup" className="button">Create an account</Link>
              <Link href="/login" className="button secondary">Sign in</Link>
            </div>
            <p className="hint">The first account made here administers the app.</p>
          </>
        )}
      </section>

      <ul className="destinations">
        <li className="card">
          <h2><Link href="/tickets">Tickets</Link></h2>
          <p>Every request for help, open or closed, with who opened it and how it was solved.</p>
        </li>
        <li className="card">
          <h2><Link href="/approvals">Approvals</Link></h2>
          <p>What agents are waiting to do. Admins approve or deny each request, with the ticket in view.</p>
        </li>
        <li className="card">
          <h2><Link href="/keys">API keys</Link></h2>
          <p>One key per agent. The key is shown once; revoke it and the agent stops at once.</p>
        </li>
      </ul>

      <section className="card for-agents" aria-labelledby="agents-title">
        <h2 id="agents-title">For agents</h2>
        <p>Agents do what people do here, through the same operations and the same rules.</p>
        <dl>
          <dt>MCP</dt>
          <dd>Every operation is a tool at <code>/mcp</code> (streamable HTTP).</dd>
          <dt>HTTP API</dt>
          <dd>JSON routes under <code>/api/</code>, described at <a href="/openapi.json">/openapi.json</a>.</dd>
          <dt>A2A</dt>
          <dd>Every operation is a skill at <code>/a2a</code>; the agent card is at <a href="/.well-known/agent.json">/.well-known/agent.json</a>.</dd>
          <dt>Signing in</dt>
          <dd>Send the key as <code>Authorization: Bearer kit_…</code>.</dd>
        </dl>
      </section>
    </>
  );
}
