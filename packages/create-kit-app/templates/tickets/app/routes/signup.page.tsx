import { Link, useLoaderData, type Loader } from '@kit/kit-react';

const problems: Readonly<Record<string, string>> = {
  details: 'Give your name and a valid e-mail address.',
  'name-reserved': 'Choose the name people know you by: names of roles and agents (Admin, System, …-bot) are kept for them.',
  'name-characters': "Write your name with letters, digits, spaces and ' . , - only.",
  password: 'Choose a password of at least 10 characters (and at most 1,024 bytes).',
  taken: 'There is already an account with that e-mail address: sign in instead.',
};

export const loader: Loader<{ problem: string | null }> = async ({ searchParams }) => {
  const error = searchParams.get('error') ?? '';
  return { problem: Object.hasOwn(problems, error) ? problems[error]! : null };
};

// GET /signup. The form posts to /auth/signup; the first account made is the app's admin.
export default function SignupPage() {
  const { problem } = useLoaderData<{ problem: string | null }>();
  return (
    <>
      <title>Create an account · {{title}}</title>
      <h1>Create an account</h1>
      {problem ? <p role="alert" className="error">{problem}</p> : null}
      <form method="post" action="/auth/signup" className="stacked">
        <label>Name <input name="name" autoComplete="name" required maxLength={100} /></label>
        <label>E-mail <input name="email" type="email" autoComplete="username" required /></label>
        <label>Password <input name="password" type="password" autoComplete="new-password" required minLength={10} /></label>
        <button type="submit">Create account</button>
      </form>
      <p>Already have one? <Link href="/login">Sign in</Link>.</p>
    </>
  );
}
