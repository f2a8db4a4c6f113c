// The home page, served at /. It renders on the server and hydrates in the browser.
export default function HomePage() {
  return (
    <main>
      <title>{{title}}</title>
      <h1>Welcome to {{title}}</h1>
      <p>
        Edit app/routes/index.page.tsx to change this page, or try the API at <a href="/api/hello?name=Ada">/api/hello</a>.
      </p>
    </main>
  );
}
