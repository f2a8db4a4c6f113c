// ---
// title: A layout that reads loader data and renders an Outlet
// description: A root _layout.tsx that reads the signed-in user from its loader data with useLoaderData and draws the header around the Outlet where each page appears.
// topics: [loader, react]
// relatedDocs: /docs/react-shell#outlet
// ---
// src/routes/_layout.tsx
import { Outlet, useLoaderData } from '@kit/kit-react';

interface ShellData {
  user: { name: string; role: 'agent-operator' | 'support' } | null;
  openTickets: number;
}

export default function RootLayout() {
  const { user, openTickets } = useLoaderData<ShellData>();

  return (
    <div className="app">
      <header>
        <span className="brand">Helpdesk</span>
        <span>{openTickets} open</span>
        <span>{user ? `Signed in as ${user.name}` : 'Not signed in'}</span>
      </header>
      <main>
        {/* The matched page, or the next nested layout, renders here. */}
        <Outlet />
      </main>
    </div>
  );
}
