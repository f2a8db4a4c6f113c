import type { ErrorPageProps } from '@kit/kit-react';

export default function ErrorView({ error }: ErrorPageProps) {
  return (
    <section aria-labelledby="error-title">
      <title>Something went wrong - Fixture tickets</title>
      <h1 id="error-title">Something went wrong</h1>
      <p id="error-status">
        {error.status} {error.code}
      </p>
      <p id="error-message">{error.message}</p>
    </section>
  );
}
