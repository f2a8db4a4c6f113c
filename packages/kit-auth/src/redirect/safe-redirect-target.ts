import { KitAuthError } from '../errors/kit-auth-error.js';

/** Options of `safeRedirectTarget`. */
export interface SafeRedirectOptions {
  /**
   * Where to go when the input is not a path on this site: a path (`'/tickets'`) or an absolute `http(s)` URL
   * the application itself chose. Default `'/'`.
   */
  readonly fallback?: string;
}

/** Longest input looked at; a longer one is refused like any other unacceptable value. */
const maxInputLength = 2048;
/** Longest answer (percent-encoding can make a path up to nine times longer). */
const maxTargetLength = 8192;
/** How many rounds of percent-decoding are checked for a path that would leave the site once decoded again. */
const decodingRounds = 3;
// A host no request ever carries: the input is resolved against it, as a browser resolves a Location.
const placeholder = new URL('http://redirect-target.invalid');
// Anything below a space, and DEL: never part of a path someone typed or a link the app made.
const controlCharacter = /[\x00-\x1f\x7f]/;

/** Whether `path` names another host once a browser has dropped its tabs and newlines and read `\` as `/`. */
function leavesSite(path: string): boolean {
  return path
    .replace(/[\t\n\r]/g, '')
    .replace(/\\/g, '/')
    .startsWith('//');
}

/**
 * Whether the path, percent-decoded once, twice or three times, would still be a path of this site. A
 * target such as `/%2F%2Fevil.example` is harmless to a browser, but a later step that decodes it (a
 * proxy, a second redirect, an app that puts it in a query string) turns it into `//evil.example`.
 */
function staysOnSiteWhenDecoded(pathname: string): boolean {
  let current = pathname;
  for (let round = 0; round < decodingRounds && current.includes('%'); round += 1) {
    try {
      current = decodeURIComponent(current);
    } catch {
      return false;
    }
    if (!current.startsWith('/') || controlCharacter.test(current) || leavesSite(current)) return false;
  }
  return true;
}

/** The input as a path of this site, percent-encoded as a browser would send it, or undefined when it is not one. */
export function sitePath(input: unknown): string | undefined {
  if (typeof input !== 'string' || input.length === 0 || input.length > maxInputLength) return undefined;
  // Only a path: `https://…`, `//host`, `/\host`, `javascript:` and relative paths all fail here. Control
  // characters are refused rather than dropped: a browser drops tabs and newlines, so `/\t/evil.example`
  // would reach it as `//evil.example`.
  if (input[0] !== '/' || controlCharacter.test(input) || input.includes('\\') || leavesSite(input)) return undefined;
  let url: URL;
  try {
    url = new URL(input, placeholder);
  } catch {
    return undefined;
  }
  if (url.origin !== placeholder.origin || !staysOnSiteWhenDecoded(url.pathname)) return undefined;
  // The serialized URL is ASCII: characters a header cannot carry (non-ASCII, U+2028, spaces) are
  // percent-encoded. Dot segments are resolved, and `/%2e%2e//evil.example` becomes `//evil.example`,
  // which the last check refuses.
  const target = `${url.pathname}${url.search}${url.hash}`;
  if (target.length > maxTargetLength || leavesSite(target)) return undefined;
  return target;
}

/** Whether an application's own redirect setting can go in `Location` as it is: a path of the site, or an absolute http(s) URL. */
export function isRedirectSetting(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  if (sitePath(value) === value) return true;
  return /^[\x21-\x7e]+$/.test(value) && URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
}

function checkedFallback(fallback: unknown): string {
  if (fallback === undefined) return '/';
  if (isRedirectSetting(fallback)) return fallback;
  throw new KitAuthError(
    'invalid_config',
    `safeRedirectTarget: fallback must be a path of this site such as '/tickets' (or an absolute http(s) URL the app chose), got ${JSON.stringify(fallback)}; it is where people go when the target they sent is refused.`,
  );
}

/**
 * The place to send a browser after a sign-in (or any step that takes a `next`, `returnTo` or `redirect`
 * parameter from the request): `input` when it is a path of this site, else `fallback`. It never throws on
 * the input and never returns anything that leaves the site, so the result can go straight into `Location`.
 *
 * Refused (the fallback is returned): anything that is not a string; an absolute URL (`https://evil.example`,
 * `javascript:…`); a path that is not absolute (`tickets`); a scheme-relative `//evil.example`; a backslash
 * anywhere (browsers read `/\evil.example` as `//evil.example`); control characters, tabs and newlines
 * (browsers drop them, so `/\t/evil.example` would become `//evil.example`); a path whose dot segments
 * resolve to `//…` (`/%2e%2e//evil.example`); a path that names another host once percent-decoded up to three
 * times (`/%2F%2Fevil.example`, `/%09/evil.example`, `/%5Cevil.example`); more than 2,048 characters.
 *
 * Kept paths come back as a browser would resolve them against the site: dot segments resolved, and characters
 * a header cannot carry (non-ASCII letters, U+2028, spaces) percent-encoded, so `/café?q=a b` becomes
 * `/caf%C3%A9?q=a%20b`. The OAuth handlers clean `returnTo` with it.
 *
 * @param input - The value from the request (a query parameter, a form field); any type.
 * @param options - `fallback`: where to go instead, default `'/'`. A fallback that is neither a path of the
 *   site nor an absolute http(s) URL throws `KitAuthError` `invalid_config` (it is the app's own setting).
 *
 * @example
 * ```ts
 * import { safeRedirectTarget } from '@kit/kit-auth';
 *
 * const url = new URL('https://app.example.com/login?next=%2F%09%2Fevil.example%2Fphish.html');
 * console.log(safeRedirectTarget(url.searchParams.get('next'), { fallback: '/tickets' })); // /tickets
 * console.log(safeRedirectTarget('/tickets/42?tab=notes', { fallback: '/tickets' })); // /tickets/42?tab=notes
 * console.log(safeRedirectTarget('/café')); // /caf%C3%A9
 * ```
 */
export function safeRedirectTarget(input: unknown, options: SafeRedirectOptions = {}): string {
  const fallback = checkedFallback(options?.fallback);
  return sitePath(input) ?? fallback;
}
