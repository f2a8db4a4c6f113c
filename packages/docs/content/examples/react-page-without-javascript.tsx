// ---
// title: A page that sends no JavaScript
// description: A sign-in page exported with hydrate = 'none', so kit sends it as plain HTML with no script, no module preload and no loader data; its form posts to the sign-in handler as any HTML form does, and its loader still runs on the server.
// topics: [react, authentication]
// relatedDocs: /docs/react-shell#when-a-page-hydrates
// ---
// app/routes/login.page.tsx
import { Link, useLoaderData, type Loader, type PageHydration } from '@kit/kit-react';

// Nothing on this page needs React in the browser: no script at all is sent for it.
export const hydrate: PageHydration = 'none';

export const loader: Loader<{ failed: boolean }> = ({ searchParams }) => ({
  failed: searchParams.get('error') === 'credentials',
});

export default function LoginPage() {
  const { failed } = useLoaderData<{ failed: boolean }>();
  return (
    <main>
      <title>Sign in</title>
      <h1>Sign in</h1>
      {failed ? <p role="alert">That e-mail address and password do not match an account.</p> : null}
      <form method="post" action="/auth/login">
        <label>
          E-mail <input name="email" type="email" autoComplete="username" required />
        </label>
        <label>
          Password <input name="password" type="password" autoComplete="current-password" required />
        </label>
        <button type="submit">Sign in</button>
      </form>
      {/* An ordinary link here: the next page loads as a document. */}
      <p>
        No account yet? <Link href="/signup">Create one</Link>.
      </p>
    </main>
  );
}
