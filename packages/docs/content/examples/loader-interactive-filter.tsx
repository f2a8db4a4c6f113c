// ---
// title: Filtering loader data on the client
// description: Renders a server-loaded list once, then filters it in the browser with React state after hydration, while a static help text is wrapped in ServerOnly so it is never hydrated.
// topics: [loader, react]
// relatedDocs: /docs/react-shell#useloaderdata
// ---
// src/routes/customers.page.tsx
import { useState } from 'react';
import { ServerOnly, useLoaderData } from '@kit/kit-react';

interface CustomersData {
  customers: { id: string; name: string; plan: 'free' | 'pro' }[];
}

export default function CustomersPage() {
  const { customers } = useLoaderData<CustomersData>();
  const [query, setQuery] = useState('');

  const visible = customers.filter((customer) => customer.name.toLowerCase().includes(query.toLowerCase()));

  return (
    <section>
      <h1>Customers</h1>
      {/* Interactive: stays outside ServerOnly so it is hydrated. */}
      <input value={query} onChange={(event) => setQuery(event.target.value)} placeholder="Filter by name" />
      <ul>
        {visible.map((customer) => (
          <li key={customer.id}>
            {customer.name} ({customer.plan})
          </li>
        ))}
      </ul>
      <ServerOnly>
        <aside>
          <h2>About plans</h2>
          <p>Free customers get e-mail support; pro customers get a four-hour response time.</p>
        </aside>
      </ServerOnly>
    </section>
  );
}
