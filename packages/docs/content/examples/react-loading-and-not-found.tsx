// ---
// title: Loading and not-found states for a route tree
// description: A _loading.tsx skeleton shown while a page of its directory streams in; the same component shape works for a root not-found.tsx that answers requests matching no route.
// topics: [react]
// relatedDocs: /docs/react-shell#loading-error-and-not-found-states
// ---
// app/routes/tickets/_loading.tsx
// With streaming SSR, the layout and this skeleton reach the browser before the page's data.
// The props these special files receive are not listed in the reference; these need none.
export default function TicketsLoading() {
  return (
    <section aria-busy="true" aria-label="Loading tickets">
      {Array.from({ length: 5 }, (_, index) => (
        <div key={index} className="skeleton-row" />
      ))}
    </section>
  );
}

// app/routes/not-found.tsx would hold a component like this one:
export function NotFound() {
  return (
    <section>
      <h1>Page not found</h1>
      <p>The address may be mistyped, or the page has moved. Start again from the ticket list.</p>
    </section>
  );
}
