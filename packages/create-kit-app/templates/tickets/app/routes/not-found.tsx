import { Link } from '@kit/kit-react';

// Answers every URL no route serves, with a 404.
export default function NotFound() {
  return (
    <>
      <title>Not found · {{title}}</title>
      <h1>Nothing here</h1>
      <p>This page does not exist, or it was removed. <Link href="/tickets">Back to the tickets</Link>.</p>
    </>
  );
}
