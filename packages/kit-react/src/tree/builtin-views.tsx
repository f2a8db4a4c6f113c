import type { ErrorPageProps } from '../modules/types.js';

const frame = { fontFamily: 'system-ui, sans-serif', maxWidth: '40rem', margin: '4rem auto', padding: '0 1rem', lineHeight: 1.5 } as const;

/** The error view used where the route has no `_error.tsx`. */
export function BuiltinErrorView({ error }: ErrorPageProps) {
  return (
    <main style={frame}>
      <title>{`Error ${error.status}`}</title>
      <h1>{`Error ${error.status}`}</h1>
      <p>{error.message}</p>
    </main>
  );
}

/** The not-found view used where the route has no `not-found.tsx`. */
export function BuiltinNotFoundView() {
  return (
    <main style={frame}>
      <title>Page not found</title>
      <h1>Page not found</h1>
      <p>There is no page at this address.</p>
    </main>
  );
}
