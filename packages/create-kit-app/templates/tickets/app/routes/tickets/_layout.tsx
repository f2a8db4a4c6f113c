import { Link, Outlet, useLoaderData, useRouter, type Loader } from '@kit/kit-react';
import { requirePerson } from '../../lib/auth.js';
import { db } from '../../lib/db.js';
import { ticket } from '../../models/ticket.js';

interface Counts {
  readonly open: number;
  readonly closed: number;
}

export const loader: Loader<Counts> = async ({ ctx }) => {
  requirePerson(ctx);
  const database = await db();
  return { open: await database.count(ticket, { status: 'open' }), closed: await database.count(ticket, { status: 'closed' }) };
};

// The layout of every /tickets page: the counts and filters stay while the page below changes.
export default function TicketsLayout() {
  const counts = useLoaderData<Counts>();
  const router = useRouter();
  // The filter comes from the URL as the list's loader reads it, so the marked filter is always the one shown.
  const wanted = router.searchParams.get('status');
  const current = router.pathname !== '/tickets' ? null : wanted === 'open' || wanted === 'closed' ? wanted : 'all';
  const filters = [
    { key: 'open', href: '/tickets?status=open', label: 'Open', count: counts.open },
    { key: 'closed', href: '/tickets?status=closed', label: 'Closed', count: counts.closed },
    { key: 'all', href: '/tickets', label: 'All', count: counts.open + counts.closed },
  ] as const;
  return (
    <section className="tickets">
      <nav aria-label="Ticket filters" className="filters">
        {filters.map((filter) => (
          <Link key={filter.key} href={filter.href} aria-current={current === filter.key ? 'page' : undefined}>
            {filter.label} <span className="count">({filter.count})</span>
          </Link>
        ))}
      </nav>
      <Outlet />
    </section>
  );
}
