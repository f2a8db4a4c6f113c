import { Link, Outlet, useLoaderData, useRouter, type Loader, type RouteMeta } from '@kit/kit-react';
import { viewerOf, type Viewer } from '../lib/viewer.js';
import '../styles/global.css';

export const loader: Loader<{ viewer: Viewer | null }> = async ({ ctx }) => ({ viewer: viewerOf(ctx) });

// What every page's head says unless the page says otherwise (its own meta wins).
export const meta: RouteMeta = {
  title: '{{title}}',
  description: 'A help desk for people and their agents: tickets, API keys for agents, and approvals before an agent closes a ticket.',
  openGraph: { type: 'website' },
};

/** A link of the main navigation, marked as the current page for its own section (`/tickets/42` is under Tickets). */
function NavLink({ href, children }: { readonly href: string; readonly children: string }) {
  const { pathname } = useRouter();
  const current = pathname === href ? 'page' : pathname.startsWith(`${href}/`) ? 'true' : undefined;
  return <Link href={href} aria-current={current}>{children}</Link>;
}

// The root layout: the header and navigation of every page. It keeps its state across navigations.
export default function RootLayout() {
  const { viewer } = useLoaderData<{ viewer: Viewer | null }>();
  return (
    <>
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <a href="#content" className="skip-link">Skip to the content</a>
      <header className="site-header">
        <div className="bar">
          <Link href="/" className="brand">
            <img src="/favicon.svg" alt="" width={26} height={26} />
            {{title}}
          </Link>
          {viewer ? (
            <nav aria-label="Main" className="site-nav">
              <ul>
                <li><NavLink href="/tickets">Tickets</NavLink></li>
                {viewer.reviewer ? <li><NavLink href="/approvals">Approvals</NavLink></li> : null}
                <li><NavLink href="/keys">API keys</NavLink></li>
              </ul>
            </nav>
          ) : null}
          {viewer ? (
            <form method="post" action="/auth/logout" className="session">
              <span className="who">{viewer.name}</span>
              <button type="submit" className="secondary small">Sign out</button>
            </form>
          ) : (
            <div className="session">
              <Link href="/login">Sign in</Link>
              <Link href="/signup" className="button small">Create account</Link>
            </div>
          )}
        </div>
      </header>
      <main id="content" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
