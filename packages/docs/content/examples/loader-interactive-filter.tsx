// ---
// title: Filtering loader data on the client
// description: A page whose loader returns the customer list and the initial filter from the query string; after hydration the list is filtered in the browser with React state, while a static help text is wrapped in ServerOnly so it is never hydrated.
// topics: [loader, react]
// relatedDocs: /docs/react-shell#useloaderdata
// ---
// app/routes/customers.page.tsx: /customers
import { useState } from 'react';
import { ServerOnly, useLoaderData, type LoaderArgs } from '@kit/kit-react';

const customers = [
  { id: 'c1', name: 'Acme Corp', plan: 'pro' },
  { id: 'c2', name: 'Globex', plan: 'free' },
  { id: 'c3', name: 'Initech', plan: 'pro' },
];

// Runs on the server for the document request and for every client navigation to /customers.
export async function loader({ searchParams }: LoaderArgs) {
  return { customers, initialQuery: searchParams.get('q') ?? '' };
}

export default function CustomersPage() {
  const data = useLoaderData<Awaited<ReturnType<typeof loader>>>();
  const [query, setQuery] = useState(data.initialQuery);

  const visible = data.customers.filter((customer) => customer.name.toLowerCase().includes(query.toLowerCase()));

  return (
    <section>
      <title>Customers · Helpdesk</title>
      <h1>Customers</h1>
      {/* Interactive: outside ServerOnly, so it is hydrated and its state works. */}
      <input aria-label="Filter by name" value={query} onChange={(event) => setQuery(event.target.value)} placeholder="Filter by name" />
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
