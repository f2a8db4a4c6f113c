/**
 * `value` as browsers write an origin in the `Origin` header (`https://app.example.com`: lower case, no
 * default port, no path), or undefined when it is not an http(s) origin (a path, a query, credentials,
 * another scheme, not a URL). Settings that list origins compare the header to what this gives.
 */
export function browserOrigin(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  const isOrigin =
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.pathname === '/' &&
    !url.search &&
    !url.hash &&
    !url.username &&
    !url.password;
  return isOrigin ? url.origin : undefined;
}
