import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { KitAuthError } from '../errors/kit-auth-error.js';
import { equalText } from './equal-text.js';
import { describeFailure, isNetworkFailure } from './provider-http.js';

/** How far the clocks of this server and the provider may disagree when `exp`, `nbf` and `iat` are checked. */
const clockToleranceSeconds = 30;

/** What an ID token is checked against: the discovered issuer and keys, the client, the login's nonce. */
export interface IdTokenExpectations {
  readonly issuer: string;
  readonly clientId: string;
  readonly nonce: string;
  /** The signature algorithms accepted (asymmetric only). */
  readonly algorithms: readonly string[];
  readonly keys: JWTVerifyGetKey;
  readonly server: string;
  readonly timeoutMs: number;
}

/** The provider's signing keys, fetched from its `jwks_uri` when first needed and kept (refetched for an unknown `kid`). */
export function remoteKeys(jwksUri: URL, timeoutMs: number): JWTVerifyGetKey {
  return createRemoteJWKSet(jwksUri, { timeoutDuration: timeoutMs });
}

/**
 * The signature algorithms an ID token may use: those the provider announces, less `none` and the HMAC
 * ones (which would be keyed with the client secret); RS256, the OpenID Connect default, when it announces none.
 */
export function idTokenAlgorithms(announced: readonly string[] | undefined): string[] {
  const asymmetric = (announced ?? []).filter((alg) => alg !== 'none' && !alg.startsWith('HS'));
  return asymmetric.length > 0 ? asymmetric : ['RS256'];
}

/**
 * Verifies an ID token as OpenID Connect Core 3.1.3.7 asks: the signature with the provider's keys, `iss`
 * equal to the issuer, `aud` naming the client (and `azp` the client when there are several audiences),
 * `exp` not passed, and `nonce` equal to the one sent at the start of this login. Throws
 * `oauth_id_token_invalid` (403), or `oauth_exchange_failed` (502) when the keys cannot be fetched.
 */
export async function verifyIdToken(idToken: string | undefined, expected: IdTokenExpectations): Promise<JWTPayload & { sub: string }> {
  const invalid = (reason: string, cause?: unknown) =>
    new KitAuthError(
      'oauth_id_token_invalid',
      `The ID token from ${expected.server} is not valid: ${reason}.`,
      cause === undefined ? {} : { cause },
    );
  if (idToken === undefined) throw invalid('the token response has no id_token (is openid among the scopes?)');
  let claims: JWTPayload;
  try {
    ({ payload: claims } = await jwtVerify(idToken, expected.keys, {
      issuer: expected.issuer,
      audience: expected.clientId,
      algorithms: [...expected.algorithms],
      requiredClaims: ['sub', 'exp', 'iat'],
      clockTolerance: clockToleranceSeconds,
    }));
  } catch (error) {
    if (
      isNetworkFailure(error) ||
      error instanceof errors.JWKSTimeout ||
      (error instanceof errors.JOSEError && /JSON Web Key Set HTTP response/.test(error.message))
    ) {
      const cause = error instanceof errors.JWKSTimeout ? new DOMException('timeout', 'TimeoutError') : error;
      throw new KitAuthError(
        'oauth_exchange_failed',
        `Fetching the signing keys (jwks_uri) of ${expected.server} failed: ${describeFailure(cause, expected.timeoutMs)}.`,
        { cause: error },
      );
    }
    throw invalid(joseReason(error), error);
  }
  if (typeof claims.sub !== 'string' || claims.sub === '') throw invalid('its sub claim is not a non-empty string');
  if (Array.isArray(claims.aud) && claims.aud.length > 1 && claims.azp !== expected.clientId) {
    throw invalid(`it names several audiences and its azp is not the client id ${JSON.stringify(expected.clientId)}`);
  }
  if (typeof claims.nonce !== 'string' || !equalText(claims.nonce, expected.nonce)) {
    throw invalid('its nonce is not the one this login sent (a replayed or injected token)');
  }
  return claims as JWTPayload & { sub: string };
}

function joseReason(error: unknown): string {
  if (error instanceof errors.JWTExpired) return "it has expired (exp is in the past; check this server's clock if it keeps happening)";
  if (error instanceof errors.JWTClaimValidationFailed)
    return `its ${error.claim} claim failed the check (${error.reason}): ${error.message}`;
  if (error instanceof errors.JWSSignatureVerificationFailed)
    return "its signature does not verify with the keys of the provider's jwks_uri";
  if (error instanceof errors.JWKSNoMatchingKey) return "it is signed with a key the provider's jwks_uri does not list";
  if (error instanceof errors.JWKSMultipleMatchingKeys)
    return "several keys of the provider's jwks_uri match its header and none verifies it";
  if (error instanceof errors.JOSEAlgNotAllowed)
    return 'it is signed with an algorithm the provider does not announce in id_token_signing_alg_values_supported';
  if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid) return 'it is not a well-formed signed JWT';
  return error instanceof Error ? error.message : String(error);
}
