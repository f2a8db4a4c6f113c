import { safeRedirectTarget } from '@kit/kit-auth';
import { Link, useLoaderData, type Loader } from '@kit/kit-react';

interface LoginData {
  readonly failed: boolean;
  readonly next: string;
}

export const loader: Loader<LoginData> = async ({ searchParams }) => ({
  failed: searchParams.get('error') === 'credentials',
  // Only a path of this app goes back into the form; /auth/login checks it again.
  next: safeRedirectTarget(searchParams.get('next'), { fallback: '/tickets' }),
});

// GET /login. The form posts to /auth/login (app/lib/session-routes.ts), which sets the session cookie.
export default function LoginPage() {
  const { failed, next } = useLoaderData<LoginData>();
  return (
    <>
      <title>Sign in · {{title}}</title>
      <h1>Sign in</h1>
      {failed ? <p role="alert" className="error">That e-mail address and password do not match an account.</p> : null}
      <form method="post" action="/auth/login" className="stacked">
        <input type="hidden" name="next" value={next} />
        <label>E-mail <input name="email" type="email" autoComplete="username" required /></label>
        <label>Password <input name="password" type="password" autoComplete="current-password" required /></label>
        <button type="submit">Sign in</button>
      </form>
      <p>No account yet? <Link href="/signup">Create one</Link>.</p>
    </>
  );
}
