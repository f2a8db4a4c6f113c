/**
 * The React tree both servers of `bench:app` render: a frame (what a layout draws) around a list of rows
 * (what a page draws from its loader data). kit renders it through a layout with `Outlet` and a page with
 * `useLoaderData`; the bare server passes the rows as props. Same markup, same amount of React work.
 */
import type { ReactNode } from 'react';

export interface BenchRow {
  readonly id: string;
  readonly title: string;
  readonly status: 'open' | 'closed';
  readonly owner: string;
}

/** The rows of one request: made per request, as a loader would read them. */
export function benchRows(count = 100): BenchRow[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `T-${1000 + index}`,
    title: `Ticket number ${index} about the printer on floor ${index % 7}`,
    status: index % 3 === 0 ? 'closed' : 'open',
    owner: `person${index % 13}@example.com`,
  }));
}

export function Frame({ children }: { readonly children: ReactNode }) {
  return (
    <div className="app">
      <header>
        <nav aria-label="Main">
          <a href="/">Home</a> <a href="/tickets">Tickets</a> <a href="/about">About</a>
        </nav>
      </header>
      <main>{children}</main>
      <footer>kit bench</footer>
    </div>
  );
}

export function RowTable({ rows }: { readonly rows: readonly BenchRow[] }) {
  return (
    <section>
      <h1>Tickets ({rows.length})</h1>
      <table>
        <thead>
          <tr>
            <th>Id</th>
            <th>Title</th>
            <th>Status</th>
            <th>Owner</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>{row.id}</td>
              <td>{row.title}</td>
              <td>{row.status}</td>
              <td>{row.owner}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
