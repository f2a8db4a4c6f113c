import { Link } from '@kit/kit-react';

// Answers every URL no route serves, with a 404.
export default function NotFound() {
  return (
    <section className="card problem" aria-labelledby="problem-title">
      <title>Not found · {{title}}</title>
      <span className="status">Error 404</span>
      <h1 id="problem-title">Nothing here</h1>
      <p className="muted">This page does not exist, or it was removed.</p>
      <div className="actions">
        <Link href="/tickets" className="button">Back to the tickets</Link>
        <Link href="/" className="button secondary">Home</Link>
      </div>
    </section>
  );
}
