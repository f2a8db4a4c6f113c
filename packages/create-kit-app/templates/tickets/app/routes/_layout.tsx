import { Link, Outlet, useLoaderData, type Loader } from '@kit/kit-react';
import { viewerOf, type Viewer } from '../lib/viewer.js';
import '../styles/global.css';

export const loader: Loader<{ viewer: Viewer | null }> = async ({ ctx }) => ({ viewer: viewerOf(ctx) });

// The root layout: the header and navigation of every page. It keeps its state across navigations.
export default function RootLayout() {
  const { viewer } = useLoaderData<{ viewer: Viewer | null }>();
  return (
    <>
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <header className="site-header">
        <Link href="/" className="brand">{{title}}</Link>
        <nav aria-label="Main">
          <ul>
            <li><Link href="/tickets">Tickets</Link></li>
            {viewer?.reviewer ? <li><Link href="/approvals">Approvals</Link></li> : null}
            {viewer ? <li><Link href="/keys">API keys</Link></li> : null}
          </ul>
        </nav>
        {viewer ? (
          <form method="post" action="/auth/logout" className="session">
            <span>{viewer.name}</span>
            <button type="submit">Sign out</button>
          </form>
        ) : (
          <Link href="/login" className="session">Sign in</Link>
        )}
      </header>
      <main>
        <Outlet />
      </main>
    </>
  );
}
