import { safeRedirectTarget } from '@kit/kit-auth';
import { Link, useLoaderData, type Loader, type PageHydration, type MetaArgs, type RouteMeta } from '@kit/kit-react';
import { recallForm } from '../lib/form-memory.js';

interface LoginData {
  readonly failed: boolean;
  readonly next: string;
  /** The address typed before the sign-in was refused; never the password. */
  readonly email: string;
}

// A plain form post: the page needs no JavaScript, so it sends none (no React, no loader data).
export const hydrate: PageHydration = 'none';

export const loader: Loader<LoginData> = async ({ request, searchParams }) => {
  const failed = searchParams.get('error') === 'credentials';
  return {
    failed,
    // Only a path of this app goes back into the form; /auth/login checks it again.
    next: safeRedirectTarget(searchParams.get('next'), { fallback: '/tickets' }),
    email: failed ? (recallForm(request, 'login').email ?? '') : '',
  };
};

// The document's title, in the head from the server and after each client navigation.
export const meta = ({ data }: MetaArgs<LoginData>): RouteMeta => ({ title: `${data.failed ? 'Try again · ' : ''}Sign in · {{title}}` });

// GET /login. The form posts to /auth/login (app/lib/session-routes.ts), which sets the session cookie.
export default function LoginPage() {
  const { failed, next, email } = useLoaderData<LoginData>();
  // A refused sign-in does not say which of the two was wrong (that would tell which addresses have
  // accounts), so its message belongs to both fields.
  const invalid = failed ? { 'aria-invalid': true, 'aria-describedby': 'login-error' } : {};
  return (
    <div className="auth">
      <div className="card">
        <h1>Sign in</h1>
        {failed ? <p role="alert" id="login-error" className="alert">That e-mail address and password do not match an account.</p> : null}
        <form method="post" action="/auth/login" className="stacked">
          <input type="hidden" name="next" value={next} />
          <div className="field">
            <label htmlFor="login-email">E-mail</label>
            <input id="login-email" name="email" type="email" autoComplete="username" required defaultValue={email} {...invalid} />
          </div>
          <div className="field">
            <label htmlFor="login-password">Password</label>
            <input id="login-password" name="password" type="password" autoComplete="current-password" required autoFocus={failed} {...invalid} />
          </div>
          <button type="submit">Sign in</button>
        </form>
        <p className="switch">No account yet? <Link href="/signup">Create an account</Link>.</p>
      </div>
    </div>
  );
}
