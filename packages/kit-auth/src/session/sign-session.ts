import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { KitAuthError } from '../errors/kit-auth-error.js';
import { assertSessionSecret, sessionKey } from './session-secret.js';
import type { SessionClaims } from './session-types.js';

/**
 * How long a session lasts when `signSession` is given no `maxAge`: 7 days, in seconds (604800).
 *
 * @example
 * ```ts
 * import { defaultSessionMaxAge, sessionCookie, signSession } from '@kit/kit-auth';
 *
 * const token = await signSession({ sub: 'user_42' }, 'a-development-secret-of-32-characters!!');
 * const setCookie = sessionCookie(token, { maxAge: defaultSessionMaxAge });
 * ```
 */
export const defaultSessionMaxAge = 7 * 24 * 60 * 60;

const timeSpan =
  /^(\+|-)? ?(\d+|\d+\.\d+) ?(seconds?|secs?|s|minutes?|mins?|m|hours?|hrs?|h|days?|d|weeks?|w|years?|yrs?|y)(?: (ago|from now))?$/i;
const spanSeconds: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400, w: 604_800, y: 31_557_600 };

/** Seconds of a lifetime given as seconds or as a jose time span ('7d', '2h', '30 minutes'). */
export function lifetimeSeconds(maxAge: number | string): number {
  if (typeof maxAge === 'number') {
    if (Number.isFinite(maxAge) && maxAge > 0) return Math.floor(maxAge);
  } else if (typeof maxAge === 'string') {
    const match = timeSpan.exec(maxAge.trim());
    if (match && match[1] !== '-' && match[4] === undefined) {
      const unit = match[3]!.toLowerCase();
      const seconds = Math.round(Number(match[2]) * spanSeconds[unit[0]!]!);
      if (seconds > 0) return seconds;
    }
  }
  throw new KitAuthError(
    'invalid_config',
    `signSession: maxAge ${JSON.stringify(maxAge)} is not a lifetime; give a positive number of seconds or a time span such as '2h', '7d' or '30 minutes'.`,
  );
}

/**
 * Signs a session for a person as an HS256 JWT. Sets `iat` (now), `exp` (now + `maxAge`) and a random `jti`;
 * every claim of `payload` is kept, `sub` naming the subject. Put the result in a cookie with `sessionCookie`.
 *
 * @param payload - The claims: `sub` (the user id) and any of the application's own.
 * @param secret - The signing secret, at least 32 characters (else a `KitAuthError` `invalid_config`).
 * @param maxAge - Lifetime in seconds or as a time span ('7d', '2h'); 7 days when omitted.
 *
 * @example
 * ```ts
 * import { signSession, sessionCookie } from '@kit/kit-auth';
 *
 * const secret = process.env.SESSION_SECRET ?? 'a-development-secret-of-32-characters!!';
 * const token = await signSession({ sub: 'user_42', name: 'Ada' }, secret, '2h');
 * const setCookie = sessionCookie(token, { maxAge: 2 * 60 * 60 });
 * ```
 */
export async function signSession(payload: SessionClaims, secret: string, maxAge: number | string = defaultSessionMaxAge): Promise<string> {
  assertSessionSecret(secret, 'signSession');
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    throw new KitAuthError('invalid_config', 'signSession: the payload must be an object of claims such as { sub: "user_42" }.');
  }
  if ('sub' in payload && (typeof payload.sub !== 'string' || payload.sub === '')) {
    throw new KitAuthError(
      'invalid_config',
      `signSession: the sub claim must be a non-empty string naming the subject (got ${JSON.stringify(payload.sub)}).`,
    );
  }
  const lifetime = lifetimeSeconds(maxAge);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...payload })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + lifetime)
    .setJti(randomUUID())
    .sign(await sessionKey(secret));
}
