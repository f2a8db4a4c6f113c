import { hash } from 'node:crypto';
import type { SessionPayload } from '../session/session-types.js';

/** Most sessions remembered as verified; past it the oldest are forgotten (and verified again when they return). */
export const maxCachedSessions = 10_000;

/**
 * The index of the last '.' of a token. An HS256 signature is 43 characters, so the dot is looked for there first:
 * `lastIndexOf` goes through the runtime, and this runs on every request.
 */
function lastDot(token: string): number {
  const at = token.length - 44;
  return at >= 0 && token.charCodeAt(at) === 46 && !token.includes('.', at + 1) ? at : token.lastIndexOf('.');
}

/** A verified session: its payload, and the signed part of its token (header and claims, without the signature). */
interface Entry {
  readonly payload: SessionPayload;
  readonly signed: string | undefined;
}

/**
 * Sessions this middleware has already verified, so a person's next requests skip the signature check (jose
 * verifies HS256 through WebCrypto, which costs tens of microseconds a call, more than the rest of a request's
 * authentication). Entries are keyed by the SHA-256 of the token's signature, so a look-up compares digests of the
 * caller's input, never the stored secret part itself, and lapse at the session's `exp`: expiry is enforced
 * exactly as without the cache. A hit also needs the rest of the token (header and claims, which are not secret:
 * without the signature they prove nothing) to be the one verified, so a signature moved onto other claims is
 * verified again, and refused. Each middleware has its own cache, tied to its one secret.
 */
export class VerifiedSessionCache {
  readonly #entries = new Map<string, Entry>();
  readonly #max: number;

  constructor(max = maxCachedSessions) {
    this.#max = max;
  }

  /**
   * The digest a token is remembered under: SHA-256 of its signature, the part after the last '.' (of the whole
   * string when it has none). Hashing the 43 characters of an HS256 signature rather than the whole token takes one
   * block of SHA-256 instead of three or more, and the signature is what holds the secret.
   */
  static digest(token: string): string {
    return VerifiedSessionCache.keyOf(token).digest;
  }

  /** The digest of a token and its signed part (everything before the last '.', empty when there is none). */
  static keyOf(token: string): { digest: string; signed: string } {
    const dot = lastDot(token);
    return dot === -1
      ? { digest: hash('sha256', token, 'base64url'), signed: '' }
      : { digest: hash('sha256', token.slice(dot + 1), 'base64url'), signed: token.slice(0, dot) };
  }

  /**
   * The payload of a token verified before and not expired since, else undefined. `signed` (from `keyOf`)
   * must be what the token was remembered with.
   */
  get(digest: string, signed?: string): SessionPayload | undefined {
    const entry = this.#entries.get(digest);
    if (entry === undefined) return undefined;
    if (entry.payload.exp * 1000 <= Date.now()) {
      this.#entries.delete(digest);
      return undefined;
    }
    // Reached only with the right signature, which is the secret: this comparison has nothing left to give away.
    return entry.signed === signed ? entry.payload : undefined;
  }

  set(digest: string, payload: SessionPayload, signed?: string): void {
    // A digest already present is replaced in place (a signature moved onto other claims that then verified,
    // which takes a collision of HMAC-SHA-256): no entry needs to go for it.
    if (!this.#entries.has(digest) && this.#entries.size >= this.#max) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    // Shared by every later request of the session, so no handler may change it for the others.
    this.#entries.set(digest, { payload: Object.freeze(payload), signed });
  }

  /** Sessions remembered, for tests. */
  get size(): number {
    return this.#entries.size;
  }
}
