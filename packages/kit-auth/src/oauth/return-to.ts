/** Longest `returnTo` kept; a longer one is ignored like any other unacceptable value. */
const maxReturnToLength = 2048;

/**
 * The page to land on after a login, from the `returnTo` query parameter: kept only when it is a path on
 * this app (`/settings?tab=keys`), so that a crafted login link cannot send the person, freshly signed in,
 * to another site. Anything else (an absolute URL, `//host`, a backslash, a control character) is ignored.
 * The value is returned as the browser would resolve it against `origin`.
 */
export function safeReturnTo(value: string | null, origin: URL): string | undefined {
  if (!value || value.length > maxReturnToLength) return undefined;
  // Browsers read `\` as `/`, so `/\evil.example` would leave the site; a scheme-relative `//` always does.
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\x00-\x1f\x7f]/.test(value)) return undefined;
  let resolved: URL;
  try {
    resolved = new URL(value, origin);
  } catch {
    return undefined;
  }
  if (resolved.origin !== origin.origin) return undefined;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}
