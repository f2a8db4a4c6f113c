// ---
// title: An admin layout with client-side navigation links
// description: A nested _layout.tsx for the admin area that draws a sidebar of Link components, marks the current section with useRouter().pathname, and prefetches the targets, so moving between admin pages swaps only what is inside the Outlet.
// topics: [react, routing]
// relatedDocs: /docs/react-shell#link
// ---
// app/routes/admin/_layout.tsx: wraps every page under /admin
import { Link, Outlet, useRouter } from '@kit/kit-react';

const sections = [
  { path: '/admin/users', label: 'Users' },
  { path: '/admin/agents', label: 'Agents and API keys' },
  { path: '/admin/policies', label: 'Policies' },
];

export default function AdminLayout() {
  const { pathname } = useRouter();

  return (
    <div className="admin">
      <nav aria-label="Admin">
        <ul>
          {sections.map((section) => (
            <li key={section.path}>
              {/* A plain click navigates without reloading; the target is prefetched once the link is visible. */}
              <Link href={section.path} prefetch="viewport" aria-current={pathname.startsWith(section.path) ? 'page' : undefined}>
                {section.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section className="admin-content">
        {/* Between admin pages, only this part changes; the sidebar keeps its state. */}
        <Outlet />
      </section>
    </div>
  );
}
