// ---
// title: An admin layout with client-side navigation links
// description: A nested _layout.tsx for the admin area that draws a sidebar of Link components, so moving between admin pages swaps only what is inside the Outlet and prefetches the targets.
// topics: [react, routing]
// relatedDocs: /docs/react-shell#link
// ---
// src/routes/admin/_layout.tsx
import { Link, Outlet } from '@kit/kit-react';

// Link's prop names are listed in its type declaration rather than in the reference;
// this example passes the target path as `href`.
const sections = [
  { path: '/admin/users', label: 'Users' },
  { path: '/admin/agents', label: 'Agents and API keys' },
  { path: '/admin/policies', label: 'Policies' },
];

export default function AdminLayout() {
  return (
    <div className="admin">
      <nav aria-label="Admin">
        <ul>
          {sections.map((section) => (
            <li key={section.path}>
              <Link href={section.path}>{section.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <section className="admin-content">
        <Outlet />
      </section>
    </div>
  );
}
