import { Link } from '@kit/kit-react';

export default function NotFound() {
  return (
    <section aria-labelledby="not-found-title">
      <title>Page not found - Fixture tickets</title>
      <h1 id="not-found-title">Page not found</h1>
      <p>
        Nothing lives at this address. <Link href="/">Go to the home page</Link>.
      </p>
    </section>
  );
}
