// Shown, with status 404, for any URL no page or API serves.
export default function NotFound() {
  return (
    <main>
      <title>Page not found</title>
      <h1>Page not found</h1>
      <p>
        Nothing lives at this address. <a href="/">Back to the home page</a>
      </p>
    </main>
  );
}
