import { Link, type ErrorPageProps } from '@kit/kit-react';

// Shown in place of a page whose loader or component failed, with the error's status.
export default function ErrorPage({ error }: ErrorPageProps) {
  if (error.status === 401) {
    return (
      <>
        <title>Sign in · {{title}}</title>
        <h1>Sign in first</h1>
        <p>{error.message} <Link href="/login">Sign in</Link> or <Link href="/signup">create an account</Link>.</p>
      </>
    );
  }
  return (
    <>
      <title>Something went wrong · {{title}}</title>
      <h1>Something went wrong</h1>
      <p role="alert">{error.message}</p>
    </>
  );
}
