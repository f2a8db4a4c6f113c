import { Link, useLoaderData, type Loader, type PageHydration, type MetaArgs, type RouteMeta } from '@kit/kit-react';
import { recallForm } from '../lib/form-memory.js';

type Field = 'name' | 'email' | 'password';

/** Why /auth/signup sent the form back (its `error` parameters), in words, and the field each concerns. */
const problems: Readonly<Record<string, { readonly field: Field; readonly text: string }>> = {
  name: { field: 'name', text: 'Give your name, in 100 characters or fewer.' },
  'name-reserved': { field: 'name', text: 'Choose the name people know you by: names of roles and agents (Admin, System, …-bot) are kept for them.' },
  'name-characters': { field: 'name', text: "Write your name with letters, digits, spaces and ' . , - only." },
  email: { field: 'email', text: 'Give a valid e-mail address, such as ada@example.com.' },
  // Older links said "details" for a name or an address that was missing.
  details: { field: 'email', text: 'Give your name and a valid e-mail address.' },
  password: { field: 'password', text: 'Choose a password of at least 10 characters (and at most 1,024 bytes).' },
  taken: { field: 'email', text: 'There is already an account with that e-mail address.' },
};

interface SignupData {
  /** Each field's problem, if it has one. */
  readonly errors: Partial<Record<Field, string>>;
  /** Whether the address already has an account, so the page offers to sign in. */
  readonly taken: boolean;
  /** The name and address as typed before the form was refused; never the password. */
  readonly values: { readonly name: string; readonly email: string };
}

// A plain form post: the page needs no JavaScript, so it sends none (no React, no loader data).
export const hydrate: PageHydration = 'none';

export const loader: Loader<SignupData> = async ({ request, searchParams }) => {
  const codes = searchParams.getAll('error').filter((code) => Object.hasOwn(problems, code));
  const errors: Partial<Record<Field, string>> = {};
  for (const code of codes) {
    const problem = problems[code]!;
    errors[problem.field] ??= problem.text;
  }
  const remembered = codes.length > 0 ? recallForm(request, 'signup') : {};
  return { errors, taken: codes.includes('taken'), values: { name: remembered.name ?? '', email: remembered.email ?? '' } };
};

/** The attributes that tie a field to its error message, for assistive technology. */
function invalidity(field: Field, error: string | undefined, hint?: string) {
  const describedBy = [error === undefined ? null : `signup-${field}-error`, hint ?? null].filter((id) => id !== null).join(' ');
  return { 'aria-invalid': error === undefined ? undefined : true, 'aria-describedby': describedBy === '' ? undefined : describedBy };
}

// The document's title, in the head from the server and after each client navigation.
export const meta = ({ data }: MetaArgs<SignupData>): RouteMeta => ({
  title: `${Object.keys(data.errors).length > 0 ? 'Correct the form · ' : ''}Create an account · {{title}}`,
});

// GET /signup. The form posts to /auth/signup; the first account made is the app's admin.
export default function SignupPage() {
  const { errors, taken, values } = useLoaderData<SignupData>();
  const count = Object.keys(errors).length;
  return (
    <div className="auth">
      <div className="card">
        <h1>Create an account</h1>
        {count > 0 ? (
          <p role="alert" className="alert">
            {count === 1 ? 'One field needs a change' : `${count} fields need a change`}: see below.
          </p>
        ) : null}
        <form method="post" action="/auth/signup" className="stacked">
          <div className="field">
            <label htmlFor="signup-name">Name</label>
            <input id="signup-name" name="name" autoComplete="name" required maxLength={100} defaultValue={values.name} {...invalidity('name', errors.name)} />
            {errors.name ? <p id="signup-name-error" className="field-error">{errors.name}</p> : null}
          </div>
          <div className="field">
            <label htmlFor="signup-email">E-mail</label>
            <input id="signup-email" name="email" type="email" autoComplete="username" required defaultValue={values.email} {...invalidity('email', errors.email)} />
            {errors.email ? (
              <p id="signup-email-error" className="field-error">
                {errors.email}
                {taken ? <> <Link href="/login">Sign in instead</Link>.</> : null}
              </p>
            ) : null}
          </div>
          <div className="field">
            <label htmlFor="signup-password">Password</label>
            <input id="signup-password" name="password" type="password" autoComplete="new-password" required minLength={10} {...invalidity('password', errors.password, errors.password ? undefined : 'signup-password-hint')} />
            {errors.password ? <p id="signup-password-error" className="field-error">{errors.password}</p> : <p id="signup-password-hint" className="hint">At least 10 characters.</p>}
          </div>
          <button type="submit">Create account</button>
        </form>
        <p className="switch">Already have an account? <Link href="/login">Sign in</Link>.</p>
      </div>
      <p className="hint">The first account made here administers the app and approves what agents ask to do.</p>
    </div>
  );
}
