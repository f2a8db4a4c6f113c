import { Link, Outlet } from '@kit/kit-react';
import '../styles/global.css';

export default function RootLayout() {
  return (
    <>
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <header>
        <nav aria-label="Main">
          <ul>
            <li>
              <Link href="/">Home</Link>
            </li>
            <li>
              <Link href="/tickets">Tickets</Link>
            </li>
            <li>
              <Link href="/about">About</Link>
            </li>
            <li>
              <Link href="/docs/guides/setup">Docs</Link>
            </li>
          </ul>
        </nav>
      </header>
      <main>
        <Outlet />
      </main>
      <footer>
        <p>kit-dev fixture app</p>
      </footer>
    </>
  );
}
