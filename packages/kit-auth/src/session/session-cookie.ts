import { decodeJwt } from 'jose';
import { KitAuthError } from '../errors/kit-auth-error.js';
import { defaultSessionMaxAge } from './sign-session.js';

/**
 * The name of the session cookie `sessionCookie` writes and `createAuthMiddleware` reads: `kit_session`.
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
  /** Adds `Secure` (HTTPS only); true unless set to false, for plain-HTTP development. */
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

function cookieName(name: string | undefined, component: string): string {
  const chosen = name ?? sessionCookieName;
  if (!cookieNamePattern.test(chosen)) {
    throw new KitAuthError('invalid_config', `${component}: ${JSON.stringify(chosen)} is not a valid cookie name; use letters, digits, '_' and '-'.`);
  }
  return chosen;
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
 * The `Set-Cookie` header value that stores a session token: `kit_session=<token>; HttpOnly; SameSite=Lax;
 * Path=/; Secure; Max-Age=<seconds>`. `HttpOnly` keeps scripts from reading it, `SameSite=Lax` keeps other
 * sites from sending it with their form posts.
 *
 * @param token - A token from `signSession`.
 * @param options - `secure: false` drops `Secure` for plain-HTTP development; `maxAge` in seconds defaults to the
 *   token's remaining lifetime.
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
  const name = cookieName(options.name, 'sessionCookie');
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
 * The `Set-Cookie` header value that signs a person out: the session cookie emptied, with `Max-Age=0`.
 *
 * @example
 * ```ts
 * import { clearSessionCookie } from '@kit/kit-auth';
 *
 * const response = new Response(null, { status: 303, headers: { Location: '/', 'Set-Cookie': clearSessionCookie() } });
 * ```
 */
export function clearSessionCookie(options: { readonly secure?: boolean; readonly name?: string } = {}): string {
  return `${cookieName(options.name, 'clearSessionCookie')}=${attributes(options.secure, 0)}`;
}
