import { createHmac } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { KitAuthError } from '../errors/kit-auth-error.js';

/** The cookie that carries a login in progress from `/auth/<name>/login` to `/auth/<name>/callback`. */
export const loginCookieName = 'kit_oauth';

/** Seconds a login may take between leaving for the provider and coming back: 10 minutes. */
export const loginStateMaxAge = 600;

/** What a login keeps between its start and its callback. */
export interface LoginState {
  /** The name of the provider the login was started with. */
  readonly provider: string;
  readonly state: string;
  readonly codeVerifier: string;
  readonly nonce?: string;
  /** A same-origin path to land on after the login. */
  readonly returnTo?: string;
}

// The audience keeps a login cookie from being accepted anywhere else that uses the same secret.
const audience = 'kit_oauth';

/**
 * The key of login cookies, derived from the session secret. A separate key means a login cookie can never
 * pass as a session (nor a session as a login cookie), though both come from one secret.
 */
function loginKey(secret: string): Uint8Array {
  return createHmac('sha256', secret).update('kit-auth oauth login state v1').digest();
}

/** Signs a login state as a short-lived HS256 JWT. */
export async function signLoginState(login: LoginState, secret: string, now = Math.floor(Date.now() / 1000)): Promise<string> {
  return new SignJWT({
    pv: login.provider,
    st: login.state,
    cv: login.codeVerifier,
    ...(login.nonce === undefined ? {} : { n: login.nonce }),
    ...(login.returnTo === undefined ? {} : { rt: login.returnTo }),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setAudience(audience)
    .setIssuedAt(now)
    .setExpirationTime(now + loginStateMaxAge)
    .sign(loginKey(secret));
}

/**
 * The login state of a cookie value, verified (signature, audience, expiry, provider). Throws
 * `oauth_state_mismatch` (403) saying why and where to start again.
 */
export async function readLoginState(token: string, secret: string, provider: string, loginPath: string): Promise<LoginState> {
  const again = `start the login again at ${loginPath}`;
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, loginKey(secret), { algorithms: ['HS256'], audience, requiredClaims: ['exp'] }));
  } catch (error) {
    if (error instanceof errors.JWTExpired) {
      throw new KitAuthError(
        'oauth_state_mismatch',
        `The login with "${provider}" was started more than ${loginStateMaxAge / 60} minutes ago and has expired; ${again}.`,
        { cause: error },
      );
    }
    throw new KitAuthError(
      'oauth_state_mismatch',
      `The ${loginCookieName} login cookie is not valid (altered, or signed with another session secret); ${again}.`,
      { cause: error },
    );
  }
  const { pv, st, cv, n, rt } = payload;
  if (
    typeof pv !== 'string' ||
    typeof st !== 'string' ||
    typeof cv !== 'string' ||
    (n !== undefined && typeof n !== 'string') ||
    (rt !== undefined && typeof rt !== 'string')
  ) {
    throw new KitAuthError('oauth_state_mismatch', `The ${loginCookieName} login cookie does not hold a login; ${again}.`);
  }
  if (pv !== provider) {
    throw new KitAuthError(
      'oauth_state_mismatch',
      `The ${loginCookieName} login cookie belongs to a login with "${pv}", not "${provider}"; ${again}.`,
    );
  }
  return {
    provider: pv,
    state: st,
    codeVerifier: cv,
    ...(n === undefined ? {} : { nonce: n }),
    ...(rt === undefined ? {} : { returnTo: rt }),
  };
}

/**
 * The `Set-Cookie` value of a login in progress: HttpOnly, `SameSite=Lax` (the provider's redirect back is
 * a top-level GET, which Lax lets through), scoped to the provider's `/auth/<name>` paths, 10 minutes.
 */
export function loginStateCookie(token: string, path: string, secure: boolean): string {
  return `${loginCookieName}=${token}; HttpOnly; SameSite=Lax; Path=${path}${secure ? '; Secure' : ''}; Max-Age=${loginStateMaxAge}`;
}

/** The `Set-Cookie` value that removes the login cookie once the login is over. */
export function clearLoginStateCookie(path: string, secure: boolean): string {
  return `${loginCookieName}=; HttpOnly; SameSite=Lax; Path=${path}${secure ? '; Secure' : ''}; Max-Age=0`;
}

/** Every value of the cookie `name` in a request (a browser may send several, from different paths). */
export function cookieValues(request: Request, name: string): string[] {
  const header = request.headers.get('cookie');
  if (!header) return [];
  const values: string[] = [];
  for (const part of header.split(';')) {
    const equals = part.indexOf('=');
    if (equals < 0 || part.slice(0, equals).trim() !== name) continue;
    const value = part.slice(equals + 1).trim();
    values.push(value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value);
  }
  return values;
}
