/** Turns a site-relative url (`/docs/database#models`) into the url clients are given. */
export type UrlMaker = (path: string) => string;

/**
 * Relative urls by default; absolute under `publicBaseUrl` when the server is configured with one
 * (behind a proxy or on a public host), so clients can follow them as they are.
 */
export function urlMaker(publicBaseUrl: string | undefined): UrlMaker {
  if (!publicBaseUrl) return (path) => path;
  const base = publicBaseUrl.replace(/\/+$/, '');
  return (path) => `${base}${path}`;
}
