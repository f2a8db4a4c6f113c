// ---
// title: A layout that reads loader data and renders an Outlet
// description: A root _layout.tsx whose loader reads the signed-in caller from ctx (the KitContext the middleware built); the layout reads that data with useLoaderData and draws the header around the Outlet where each page appears.
// topics: [loader, react]
// relatedDocs: /docs/react-shell#outlet
// ---
// app/routes/_layout.tsx: wraps every page of the app
import { Link, Outlet, useLoaderData, type LoaderArgs } from '@kit/kit-react';

// A layout's loader runs at the same time as the page's; the shell waits for it before it is sent.
export async function loader({ ctx }: LoaderArgs) {
  return {
    user: ctx.auth ? { subject: ctx.auth.subject, permissions: [...ctx.auth.permissions] } : null,
    openTickets: 3,
  };
}

export default function RootLayout() {
  // The layout reads its own loader's data; the page below reads its own.
  const { user, openTickets } = useLoaderData<Awaited<ReturnType<typeof loader>>>();

  return (
    <div className="app">
      <header>
        <Link href="/" className="brand">
          Helpdesk
        </Link>
        <Link href="/tickets">{openTickets} open tickets</Link>
        <span>{user ? `Signed in as ${user.subject}` : 'Not signed in'}</span>
      </header>
      <main>
        {/* The matched page, or the next nested layout, renders here. */}
        <Outlet />
      </main>
    </div>
  );
}
