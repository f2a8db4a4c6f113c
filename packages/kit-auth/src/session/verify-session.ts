import { errors, jwtVerify } from 'jose';
import { KitAuthError } from '../errors/kit-auth-error.js';
import { assertSessionSecret, sessionKey } from './session-secret.js';
import type { SessionPayload } from './session-types.js';

// Three base64url segments: the only shape of a JWS compact serialization (the signature may be empty only in
// an unsecured `alg: none` token, which is refused later as invalid rather than malformed).
const compactJws = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*$/;

function describeExpiry(exp: unknown): string {
  if (typeof exp !== 'number') return 'The session has expired';
  const ago = Math.max(0, Math.floor(Date.now() / 1000) - exp);
  const span =
    ago < 120
      ? `${ago} s`
      : ago < 7200
        ? `${Math.floor(ago / 60)} min`
        : ago < 172_800
          ? `${Math.floor(ago / 3600)} h`
          : `${Math.floor(ago / 86_400)} days`;
  return `The session expired at ${new Date(exp * 1000).toISOString()} (${span} ago)`;
}

function classify(error: unknown): KitAuthError {
  if (error instanceof errors.JWTExpired) {
    return new KitAuthError('session_expired', `${describeExpiry(error.payload.exp)}; sign in again.`, { cause: error });
  }
  if (error instanceof errors.JOSEAlgNotAllowed || error instanceof errors.JOSENotSupported) {
    return new KitAuthError('session_invalid', 'The session is not signed with HS256, the only algorithm sessions accept; sign in again.', {
      cause: error,
    });
  }
  if (error instanceof errors.JWSSignatureVerificationFailed) {
    return new KitAuthError(
      'session_invalid',
      'The session signature does not match (it was altered, or signed with another secret); sign in again.',
      { cause: error },
    );
  }
  if (error instanceof errors.JWTClaimValidationFailed) {
    return new KitAuthError('session_invalid', `The session's ${error.claim} claim is not acceptable (${error.reason}); sign in again.`, {
      cause: error,
    });
  }
  if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid) {
    return new KitAuthError(
      'session_malformed',
      'The session token is not a well-formed JWT (its header or claims are not JSON objects); sign in again.',
      { cause: error },
    );
  }
  return new KitAuthError('session_invalid', 'The session could not be verified; sign in again.', { cause: error });
}

/**
 * Verifies a session signed by `signSession` and returns its claims. Only HS256 is accepted (`alg: none` and
 * every other algorithm are refused); jose compares the HMAC in constant time. Throws a `KitAuthError`:
 * `session_malformed` (not a JWS compact string), `session_invalid` (bad signature, wrong algorithm, a missing
 * `exp` or `iat`), `session_expired` (the message says when it expired). Messages never contain the token.
 *
 * @example
 * ```ts
 * import { signSession, verifySession } from '@kit/kit-auth';
 *
 * const secret = 'a-development-secret-of-32-characters!!';
 * const session = await verifySession(await signSession({ sub: 'user_42' }, secret), secret);
 * console.log(session.sub, new Date(session.exp * 1000));
 * ```
 */
export async function verifySession(token: string, secret: string): Promise<SessionPayload> {
  assertSessionSecret(secret, 'verifySession');
  if (typeof token !== 'string' || !compactJws.test(token)) {
    throw new KitAuthError('session_malformed', 'The session token is not a JWT (three base64url parts separated by dots); sign in again.');
  }
  try {
    const { payload } = await jwtVerify(token, await sessionKey(secret), { algorithms: ['HS256'], requiredClaims: ['exp', 'iat'] });
    return payload as SessionPayload;
  } catch (error) {
    throw classify(error);
  }
}
