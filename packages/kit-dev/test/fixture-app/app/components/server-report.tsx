import { hostname } from 'node:os';

// Rendered inside ServerOnly: neither this text nor node:os may reach a browser chunk.
export const serverOnlyMarker = 'KIT-SERVER-ONLY-MARKER-4242';

export function ServerReport() {
  return (
    <aside aria-label="Server report">
      <p data-testid="server-report">
        {serverOnlyMarker}: rendered on a server with a {hostname().length}-character host name.
      </p>
    </aside>
  );
}
