import { Outlet } from '@kit/kit-react';

// The root layout wraps every page; a page renders where <Outlet /> is.
export default function RootLayout() {
  return (
    <>
      <header>
        <a href="/">{{title}}</a>
      </header>
      <Outlet />
    </>
  );
}
