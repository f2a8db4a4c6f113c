import { Link, Outlet, useLoaderData, type Loader } from '@kit/kit-react';
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
  return (
    <section className="tickets">
      <nav aria-label="Ticket filters" className="filters">
        <Link href="/tickets?status=open">Open ({counts.open})</Link>
        <Link href="/tickets?status=closed">Closed ({counts.closed})</Link>
        <Link href="/tickets">All</Link>
      </nav>
      <Outlet />
    </section>
  );
}
