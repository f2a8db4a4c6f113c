import { createHash, timingSafeEqual } from 'node:crypto';
import type { ReplayStore } from '@kit/kit-core';
import { calculateJwkThumbprint, decodeProtectedHeader, errors, importJWK, jwtVerify, type JWK } from 'jose';
import { KitAuthError } from '../errors/kit-auth-error.js';

/**
 * How far a proof's `iat` may be from the server's clock when no `maxAgeSeconds` is given: 300 seconds.
 *
 * @example
 * ```ts
 * import { createAuthMiddleware, defaultDPoPMaxAgeSeconds } from '@kit/kit-auth';
 *
 * const auth = createAuthMiddleware({
 *   sessionSecret: 'a-development-secret-of-32-characters!!',
 *   dpop: { maxAgeSeconds: defaultDPoPMaxAgeSeconds / 5 },
 * });
 * ```
 */
export const defaultDPoPMaxAgeSeconds = 300;

/** What a DPoP proof must match: the request it came with and, when a token travels with it, that token. */
export interface DPoPProofExpectations {
  /** The request method; the proof's `htm` must equal it. */
  readonly method: string;
  /** The request URL; the proof's `htu` must equal it without its query and fragment. */
  readonly url: string;
  /** The access token (session token or API key) presented with the proof; the proof's `ath` must be its hash. */
  readonly accessToken?: string;
  /** Where proof ids are remembered so a proof is accepted once (`MemoryStore`, or `RedisStore` across replicas). */
  readonly replayStore: ReplayStore;
  /** How far `iat` may be from now, in seconds, either way. Default 300. */
  readonly maxAgeSeconds?: number;
}

/** A verified proof: the RFC 7638 SHA-256 thumbprint of the key that signed it, and its id. */
export interface VerifiedDPoPProof {
  readonly thumbprint: string;
  readonly jti: string;
}

// RFC 9449 asks for an asymmetric algorithm: the proof shows possession of a private key. HMAC and `none` are out.
/** The `alg` values a DPoP proof may use (named in the `DPoP` challenge of a 401). */
export const asymmetricAlgorithms: readonly string[] = [
  'ES256',
  'ES384',
  'ES512',
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'EdDSA',
  'Ed25519',
];
const privateMembers = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];
const compactJws = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const maxJtiLength = 256;

function malformed(message: string, cause?: unknown): KitAuthError {
  return new KitAuthError('dpop_malformed', `The DPoP proof ${message}.`, cause === undefined ? {} : { cause });
}

function invalid(message: string, cause?: unknown): KitAuthError {
  return new KitAuthError('dpop_invalid', `The DPoP proof ${message}.`, cause === undefined ? {} : { cause });
}

function checkExpectations(expected: DPoPProofExpectations): { target: URL; maxAge: number } {
  const fail = (what: string) => new KitAuthError('invalid_config', `verifyDPoPProof: ${what}.`);
  if (typeof expected.method !== 'string' || !/^[A-Z]+$/.test(expected.method))
    throw fail(`method ${JSON.stringify(expected.method)} must be an upper-case HTTP method such as "GET"`);
  if (!expected.replayStore || typeof expected.replayStore.claimOnce !== 'function')
    throw fail('replayStore must be a ReplayStore (a MemoryStore or RedisStore of @kit/kit-core)');
  const maxAge = expected.maxAgeSeconds ?? defaultDPoPMaxAgeSeconds;
  if (!Number.isFinite(maxAge) || maxAge <= 0) throw fail(`maxAgeSeconds ${String(maxAge)} must be a positive number of seconds`);
  let target: URL;
  try {
    target = new URL(expected.url);
  } catch {
    throw fail(`url ${JSON.stringify(expected.url)} must be the absolute URL of the request`);
  }
  return { target, maxAge };
}

// RFC 9449 compares htu without query and fragment, after the syntax normalisation URL parsing gives
// (lower-case scheme and host, default port dropped, empty path as "/").
function sameTarget(htu: string, target: URL): boolean {
  let claimed: URL;
  try {
    claimed = new URL(htu);
  } catch {
    return false;
  }
  return claimed.protocol === target.protocol && claimed.host === target.host && claimed.pathname === target.pathname;
}

function accessTokenHash(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

function matchesAth(ath: unknown, accessToken: string): boolean {
  if (typeof ath !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(ath)) return false;
  return timingSafeEqual(Buffer.from(ath, 'base64url'), accessTokenHash(accessToken));
}

/**
 * Verifies a DPoP proof (RFC 9449) and remembers its `jti` so it is accepted only once. Checks, in order: a
 * compact JWS whose header has `typ: dpop+jwt`, an asymmetric `alg` and a public `jwk` (no private members);
 * the signature by that key; `htm` equal to `method`; `htu` equal to `url` without query and fragment; `iat`
 * within `maxAgeSeconds` (default 300) of now, either way; `ath` equal to base64url(SHA-256(`accessToken`))
 * when a token is given; then claims `jti` in `replayStore` for twice `maxAgeSeconds`, keyed by the key's
 * thumbprint. Throws a `KitAuthError`: `dpop_malformed`, `dpop_invalid` or `dpop_replayed`. Server-issued
 * nonces (`DPoP-Nonce`) are not used.
 *
 * @example
 * ```ts
 * import { MemoryStore } from '@kit/kit-core';
 * import { verifyDPoPProof } from '@kit/kit-auth';
 *
 * const replayStore = new MemoryStore();
 * async function keyOf(request: Request): Promise<string> {
 *   const proof = request.headers.get('dpop') ?? '';
 *   const { thumbprint } = await verifyDPoPProof(proof, { method: request.method, url: request.url, replayStore });
 *   return thumbprint;
 * }
 * ```
 */
export async function verifyDPoPProof(proof: string, expected: DPoPProofExpectations): Promise<VerifiedDPoPProof> {
  const { target, maxAge } = checkExpectations(expected);
  if (typeof proof !== 'string' || !compactJws.test(proof))
    throw malformed('is not a signed JWT (three base64url parts separated by dots)');

  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(proof);
  } catch (cause) {
    throw malformed('header is not a JSON object', cause);
  }
  if (typeof header.typ !== 'string' || header.typ.toLowerCase() !== 'dpop+jwt')
    throw malformed(`has typ ${JSON.stringify(header.typ ?? null)}; it must be "dpop+jwt"`);
  const alg = header.alg;
  if (typeof alg !== 'string' || !asymmetricAlgorithms.includes(alg)) {
    throw invalid(`uses alg ${JSON.stringify(alg ?? null)}; use an asymmetric algorithm (${asymmetricAlgorithms.join(', ')})`);
  }
  const jwk = header.jwk as (JWK & Record<string, unknown>) | undefined;
  if (typeof jwk !== 'object' || jwk === null || Array.isArray(jwk))
    throw malformed('has no jwk header naming the public key that signed it');
  const leaked = privateMembers.filter((member) => member in jwk);
  if (leaked.length > 0) throw invalid(`header jwk carries private key members (${leaked.join(', ')}); send only the public key`);

  let thumbprint: string;
  let payload: Record<string, unknown>;
  try {
    const key = await importJWK(jwk, alg);
    thumbprint = await calculateJwkThumbprint(jwk, 'sha256');
    ({ payload } = await jwtVerify(proof, key, { algorithms: [alg], typ: 'dpop+jwt' }));
  } catch (cause) {
    if (cause instanceof errors.JWSSignatureVerificationFailed) throw invalid('signature does not match its jwk', cause);
    if (cause instanceof errors.JWTClaimValidationFailed || cause instanceof errors.JWTExpired)
      throw invalid(`claims are not acceptable (${cause.message})`, cause);
    if (cause instanceof errors.JWTInvalid) throw malformed('claims are not a JSON object', cause);
    throw malformed(`jwk is not a usable ${alg} public key`, cause);
  }

  const { htm, htu, iat, jti } = payload;
  if (typeof jti !== 'string' || jti.length === 0 || jti.length > maxJtiLength)
    throw malformed(`needs a jti claim, a unique string of 1 to ${maxJtiLength} characters`);
  if (typeof htm !== 'string' || typeof htu !== 'string' || typeof iat !== 'number') throw malformed('needs the claims htm, htu and iat');
  if (htm !== expected.method)
    throw invalid(`is for method ${JSON.stringify(htm)}, not ${expected.method}; make a new proof for each request`);
  if (!sameTarget(htu, target))
    throw invalid(
      `is for ${JSON.stringify(htu)}, not ${target.origin}${target.pathname}; htu must be the request URL without query or fragment`,
    );
  const skew = Math.floor(Date.now() / 1000) - iat;
  if (Math.abs(skew) > maxAge) {
    throw invalid(
      `was issued ${Math.abs(skew)} s ${skew > 0 ? 'ago' : 'in the future'}, more than the ${maxAge} s accepted; make a fresh proof and check the client's clock`,
    );
  }
  if (expected.accessToken !== undefined && !matchesAth(payload.ath, expected.accessToken)) {
    throw invalid('ath claim does not match the credential sent with it; set ath to base64url(SHA-256(credential))');
  }

  // Claimed last, so a proof refused for another reason does not use up its id. Hashing bounds the key size.
  const replayKey = `dpop:${thumbprint}:${createHash('sha256').update(jti, 'utf8').digest('base64url')}`;
  if (!(await expected.replayStore.claimOnce(replayKey, Math.ceil(2 * maxAge * 1000)))) {
    throw new KitAuthError(
      'dpop_replayed',
      'The DPoP proof was already used (its jti was seen before); make a new proof for each request.',
    );
  }
  return { thumbprint, jti };
}
