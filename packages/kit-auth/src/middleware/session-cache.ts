import { hash } from 'node:crypto';
import type { SessionPayload } from '../session/session-types.js';

/** Most sessions remembered as verified; past it the oldest are forgotten (and verified again when they return). */
export const maxCachedSessions = 10_000;

/**
 * Sessions this middleware has already verified, so a person's next requests skip the signature check (jose
 * verifies HS256 through WebCrypto, which costs tens of microseconds a call, more than the rest of a request's
 * authentication). Entries are keyed by the SHA-256 of the token, so a look-up compares digests of the caller's
 * input, never the stored token itself, and lapse at the session's `exp`: expiry is enforced exactly as without
 * the cache. Each middleware has its own cache, tied to its one secret.
 */
export class VerifiedSessionCache {
  readonly #entries = new Map<string, SessionPayload>();
  readonly #max: number;

  constructor(max = maxCachedSessions) {
    this.#max = max;
  }

  /** The digest a token is remembered under. */
  static digest(token: string): string {
    return hash('sha256', token, 'base64url');
  }

  /** The payload of a token verified before and not expired since, else undefined. */
  get(digest: string): SessionPayload | undefined {
    const payload = this.#entries.get(digest);
    if (payload === undefined) return undefined;
    if (payload.exp * 1000 <= Date.now()) {
      this.#entries.delete(digest);
      return undefined;
    }
    return payload;
  }

  set(digest: string, payload: SessionPayload): void {
    if (this.#entries.size >= this.#max) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    // Shared by every later request of the session, so no handler may change it for the others.
    this.#entries.set(digest, Object.freeze(payload));
  }

  /** Sessions remembered, for tests. */
  get size(): number {
    return this.#entries.size;
  }
}
