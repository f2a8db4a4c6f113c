import type { AuthType } from '../definitions/context.js';
import { KitError } from '../errors/kit-error.js';
import type { RateLimitDefinition } from './define-rate-limit.js';
import type { RateLimitStore } from './store.js';

/** The verdict on one request, with the headers that tell the client where it stands. */
export interface RateLimitDecision {
  readonly allowed: boolean;
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * Applies a rate-limit definition with a store: one counter per client key and auth type. Headers
 * follow the IETF RateLimit fields: `RateLimit-Policy: <requests>;w=<seconds>`, and `RateLimit-Limit`,
 * `RateLimit-Remaining`, `RateLimit-Reset` (seconds until the window ends).
 */
export class RateLimiter {
  readonly #definition: RateLimitDefinition;
  readonly #store: RateLimitStore;

  constructor(definition: RateLimitDefinition, store: RateLimitStore) {
    this.#definition = definition;
    this.#store = store;
  }

  async check(clientKey: string, authType: AuthType): Promise<RateLimitDecision> {
    const rule = this.#definition.ruleFor(authType);
    const hit = await this.#store.hit(`${authType}:${clientKey}`, rule.windowMs);
    // Round up so a client that waits the advertised seconds always finds a fresh window.
    const resetSeconds = Math.max(1, Math.ceil(hit.resetMs / 1000));
    const headers = {
      'RateLimit-Policy': `${rule.requests};w=${Math.ceil(rule.windowMs / 1000)}`,
      'RateLimit-Limit': String(rule.requests),
      'RateLimit-Remaining': String(Math.max(0, rule.requests - hit.count)),
      'RateLimit-Reset': String(resetSeconds),
    };
    return { allowed: hit.count <= rule.requests, headers };
  }
}

/** The 429 problem of a refused request, with `Retry-After` and the RateLimit headers. */
export function rateLimited(decision: RateLimitDecision): KitError {
  const retryAfter = decision.headers['RateLimit-Reset'] ?? '1';
  return new KitError('rate_limited', `Too many requests from this client; retry after ${retryAfter} s, or ask for a higher limit.`, {
    headers: { ...decision.headers, 'Retry-After': retryAfter },
  });
}
