import { decodeJwt } from 'jose';
import { KitAuthError } from '../errors/kit-auth-error.js';
import { defaultSessionMaxAge } from './sign-session.js';

/**
 * The name of the session cookie `sessionCookie` writes and `createAuthMiddleware` reads: `kit_session`. A
 * `Secure` cookie (the default) carries the `__Host-` prefix: `__Host-kit_session`.
 *
 * @example
 * ```ts
 * import { sessionCookieName } from '@kit/kit-auth';
 *
 * const hasSession = (request: Request) => (request.headers.get('cookie') ?? '').includes(`${sessionCookieName}=`);
 * ```
 */
export const sessionCookieName = 'kit_session';

/** Options of `sessionCookie`. */
export interface SessionCookieOptions {
  /**
   * Adds `Secure` (HTTPS only) and names the cookie `__Host-<name>`; true unless set to false, for plain-HTTP
   * development, where the cookie is `<name>`.
   */
  readonly secure?: boolean;
  /** `Max-Age` in seconds; when omitted, the seconds left until the token's `exp` (7 days if it has none). */
  readonly maxAge?: number;
  /** The cookie name; `kit_session` unless the middleware was configured with another `cookieName`. */
  readonly name?: string;
}

// RFC 6265 token characters a cookie name may use.
const cookieNamePattern = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// A JWS compact string only uses base64url characters and dots, all of which are valid in a cookie value.
const cookieValuePattern = /^[A-Za-z0-9._-]+$/;

/** The prefix browsers keep for cookies set by the host itself, over HTTPS, for the whole site: no sibling subdomain can set one. */
const hostPrefix = '__Host-';

/** The cookie name as written: `__Host-<name>` when the cookie is Secure, `<name>` on plain HTTP. */
function cookieName(name: string | undefined, component: string, secure: boolean | undefined): string {
  const chosen = name ?? sessionCookieName;
  if (typeof chosen !== 'string' || !cookieNamePattern.test(chosen)) {
    throw new KitAuthError(
      'invalid_config',
      `${component}: ${JSON.stringify(chosen)} is not a valid cookie name; use letters, digits, '_' and '-'.`,
    );
  }
  if (chosen.startsWith(hostPrefix)) {
    if (secure === false)
      throw new KitAuthError(
        'invalid_config',
        `${component}: a ${hostPrefix} cookie must be Secure, so ${JSON.stringify(chosen)} cannot go with secure: false; give the name without the prefix.`,
      );
    return chosen;
  }
  return secure === false ? chosen : `${hostPrefix}${chosen}`;
}

/** How many non-empty values the Cookie header gives `hostName` and `plainName`, and the first of each. */
interface CookieScan {
  hostCount: number;
  host: string | undefined;
  plainCount: number;
  plain: string | undefined;
}

/**
 * One pass over a Cookie header for the two names a session cookie may have. It runs on every request of an app
 * with sessions, so it walks the header by index instead of splitting it into an array of parts. Each search for
 * '=' starts where the last one ended, so a header of many parts without one is still read once, not once per part.
 */
function scanCookies(header: string, hostName: string, plainName: string): CookieScan {
  const scan: CookieScan = { hostCount: 0, host: undefined, plainCount: 0, plain: undefined };
  // Both names end with the plain one: a header without it has neither.
  if (!header.includes(plainName)) return scan;
  let eq = -1;
  for (let start = 0; start <= header.length;) {
    let end = header.indexOf(';', start);
    if (end === -1) end = header.length;
    if (eq < start) eq = header.indexOf('=', start);
    if (eq === -1) break;
    if (eq < end) {
      const name = header.slice(start, eq).trim();
      const isHost = name === hostName;
      if (isHost || name === plainName) {
        let value = header.slice(eq + 1, end).trim();
        if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
        if (value !== '') {
          if (isHost) {
            scan.hostCount += 1;
            scan.host ??= value;
          } else {
            scan.plainCount += 1;
            scan.plain ??= value;
          }
        }
      }
    }
    start = end + 1;
  }
  return scan;
}

/** Options of `readSessionCookie`. */
export interface ReadSessionCookieOptions {
  /** The cookie name without its prefix; `kit_session` unless the cookies are written under another name. */
  readonly name?: string;
  /** Read only `__Host-<name>`, also on plain-HTTP requests (behind a proxy that terminates TLS). Default false. */
  readonly hostOnly?: boolean;
}

/** A session cookie found on a request: its value, and whether it was the `__Host-` one (to clear the same cookie). */
export interface FoundSessionCookie {
  readonly value: string;
  readonly secure: boolean;
}

/** `readSessionCookie`, also saying which cookie the value came from. */
export function findSessionCookie(request: Request, options: ReadSessionCookieOptions = {}): FoundSessionCookie | undefined {
  const given = options.name ?? sessionCookieName;
  const base = given.startsWith(hostPrefix) ? given.slice(hostPrefix.length) : given;
  const header = request.headers.get('cookie');
  if (!header) return undefined;
  const scan = scanCookies(header, `${hostPrefix}${base}`, base);
  // Two host cookies cannot both come from a browser: refuse to pick one.
  if (scan.hostCount > 0) return scan.hostCount === 1 ? { value: scan.host!, secure: true } : undefined;
  if (options.hostOnly === true || given.startsWith(hostPrefix) || request.url.startsWith('https:')) return undefined;
  // Plain HTTP: the unprefixed cookie, if there is exactly one. Another site under the same parent domain can
  // set a second `kit_session` (for its own account); with two, neither is trusted.
  return scan.plainCount === 1 ? { value: scan.plain!, secure: false } : undefined;
}

/**
 * The session token a request carries in its cookie, read so that no other site can plant one: the
 * `__Host-kit_session` cookie (which only this host can set, over HTTPS, for the whole site) when there is one;
 * on plain-HTTP requests only (local development), else the `kit_session` cookie. A name that appears twice is
 * ignored rather than guessed at: a browser can hold a second `kit_session` set by a sibling subdomain, and
 * taking the first would sign the person in as whoever planted it. `createAuthMiddleware` reads cookies this way.
 *
 * @param request - The request.
 * @param options - `name` (default `kit_session`, without the prefix) and `hostOnly` (read only the `__Host-`
 *   cookie, also over plain HTTP; for apps behind a proxy that terminates TLS).
 *
 * @example
 * ```ts
 * import { readSessionCookie, verifySession } from '@kit/kit-auth';
 *
 * async function subjectOf(request: Request, secret: string): Promise<string | undefined> {
 *   const token = readSessionCookie(request); // __Host-kit_session, or kit_session over plain HTTP
 *   return token === undefined ? undefined : (await verifySession(token, secret)).sub;
 * }
 * ```
 */
export function readSessionCookie(request: Request, options: ReadSessionCookieOptions = {}): string | undefined {
  return findSessionCookie(request, options)?.value;
}

function attributes(secure: boolean | undefined, maxAge: number): string {
  return `; HttpOnly; SameSite=Lax; Path=/${secure === false ? '' : '; Secure'}; Max-Age=${maxAge}`;
}

function remainingLifetime(token: string): number {
  try {
    const { exp } = decodeJwt(token);
    if (typeof exp === 'number') return Math.max(0, exp - Math.floor(Date.now() / 1000));
  } catch {
    // Not a decodable JWT: fall through to the default lifetime; verification rejects it later anyway.
  }
  return defaultSessionMaxAge;
}

/**
 * The `Set-Cookie` header value that stores a session token: `__Host-kit_session=<token>; HttpOnly;
 * SameSite=Lax; Path=/; Secure; Max-Age=<seconds>`. `HttpOnly` keeps scripts from reading it, `SameSite=Lax`
 * keeps other sites from sending it with their form posts, and the `__Host-` prefix makes browsers accept it
 * only from this host, over HTTPS, for the whole site, so a sibling subdomain cannot plant one. With
 * `secure: false` (plain-HTTP development) it is `kit_session=<token>; HttpOnly; SameSite=Lax; Path=/; Max-Age=…`.
 *
 * @param token - A token from `signSession`.
 * @param options - `secure: false` drops `Secure` and the prefix for plain-HTTP development; `maxAge` in seconds
 *   defaults to the token's remaining lifetime; `name` replaces `kit_session`.
 *
 * @example
 * ```ts
 * import { signSession, sessionCookie } from '@kit/kit-auth';
 *
 * const token = await signSession({ sub: 'user_42' }, 'a-development-secret-of-32-characters!!');
 * const response = new Response(null, { status: 303, headers: { Location: '/', 'Set-Cookie': sessionCookie(token) } });
 * ```
 */
export function sessionCookie(token: string, options: SessionCookieOptions = {}): string {
  const name = cookieName(options.name, 'sessionCookie', options.secure);
  if (typeof token !== 'string' || !cookieValuePattern.test(token)) {
    throw new KitAuthError('invalid_config', 'sessionCookie: the token is not a signed session; pass the string signSession returned.');
  }
  const { maxAge } = options;
  if (maxAge !== undefined && (!Number.isFinite(maxAge) || maxAge < 0)) {
    throw new KitAuthError('invalid_config', `sessionCookie: maxAge ${String(maxAge)} must be a number of seconds, 0 or more.`);
  }
  return `${name}=${token}${attributes(options.secure, maxAge === undefined ? remainingLifetime(token) : Math.floor(maxAge))}`;
}

/**
 * The `Set-Cookie` header value that removes the session cookie: emptied, with `Max-Age=0`, under the same name
 * `sessionCookie` gave it (`__Host-kit_session`, or `kit_session` with `secure: false`). To sign a person out
 * for good, also revoke the session (`createSessionRevocation`): a copy of the token keeps working until then.
 *
 * @example
 * ```ts
 * import { clearSessionCookie } from '@kit/kit-auth';
 *
 * const response = new Response(null, { status: 303, headers: { Location: '/', 'Set-Cookie': clearSessionCookie() } });
 * ```
 */
export function clearSessionCookie(options: { readonly secure?: boolean; readonly name?: string } = {}): string {
  return `${cookieName(options.name, 'clearSessionCookie', options.secure)}=${attributes(options.secure, 0)}`;
}
