import { MemoryStore, type ReplayStore } from '@kit/kit-core';
import { defaultDPoPMaxAgeSeconds } from '../dpop/verify-dpop-proof.js';
import { KitAuthError } from '../errors/kit-auth-error.js';
import { isTrustDomain } from '../mtls/spiffe-id.js';
import { sessionCookieName } from '../session/session-cookie.js';
import { assertSessionSecret } from '../session/session-secret.js';
import type { SessionRevocation } from '../session/session-revocation.js';
import type { SessionPayload } from '../session/session-types.js';
import { VerifiedSessionCache } from './session-cache.js';

/** Settings of `createAuthMiddleware`. At least one way in (`sessionSecret`, `findApiKey` or `mtls`) is needed. */
export interface AuthMiddlewareConfig {
  /** Secret sessions were signed with (`signSession`), at least 32 characters. Without it, sessions are not accepted. */
  readonly sessionSecret?: string;
  /**
   * Name of the session cookie, without the `__Host-` prefix `sessionCookie` adds to Secure cookies. Default
   * `kit_session`: the middleware reads `__Host-kit_session`, and on plain-HTTP requests `kit_session`.
   */
  readonly cookieName?: string;
  /**
   * Read only the `__Host-` session cookie, also on plain-HTTP requests. Set it behind a proxy that terminates
   * TLS (the app then sees `http:` URLs), so that no unprefixed cookie is ever read. Default false.
   */
  readonly hostCookieOnly?: boolean;
  /** Refuses sessions signed out before their `exp` (`session_revoked`): the result of `createSessionRevocation`. */
  readonly revocation?: SessionRevocation;
  /** DPoP proofs (RFC 9449). Proofs are checked whenever a request carries one, even without this setting. */
  readonly dpop?: {
    /** Where proof ids are remembered; a `RedisStore` when several replicas serve the app. Default: a `MemoryStore`. */
    readonly replayStore?: ReplayStore;
    /** How far a proof's `iat` may be from now, in seconds, either way. Default 300. */
    readonly maxAgeSeconds?: number;
    /** Require a valid proof with every session and API key (not only with bound ones). Default false. */
    readonly required?: boolean;
  };
  /** SPIFFE identities over mutual TLS: the trust domains whose workloads are accepted (`['prod.example.org']`). */
  readonly mtls?: { readonly trustDomains: readonly string[] };
}

/** What `findUser` returns for a session whose person still exists. */
export interface SessionUser {
  /** The stable id of the person; becomes `ctx.auth.subject`. */
  readonly subject: string;
  /** The person's permissions; when absent, those of the session's `permissions` claim (or none). */
  readonly permissions?: readonly string[];
}

/** The stored record of an API key, found by its prefix. */
export interface ApiKeyRecord {
  /** Who the key belongs to (an agent id); becomes `ctx.auth.subject`. */
  readonly subject: string;
  /** The `hash` `generateApiKey` returned. */
  readonly hash: string;
  /** What the key may do. Default none. */
  readonly permissions?: readonly string[];
  /** A revoked key is refused (401 `api_key_revoked`). */
  readonly revoked?: boolean;
  /** When the key stops working: a `Date`, milliseconds since the epoch, or an ISO 8601 string. */
  readonly expiresAt?: Date | number | string;
  /** JWK SHA-256 thumbprint (RFC 7638) of the key the agent must prove possession of with DPoP. */
  readonly keyThumbprint?: string;
}

/** What `findWorkload` returns for a SPIFFE ID the application knows. */
export interface WorkloadRecord {
  /** What the workload may do. Default none. */
  readonly permissions?: readonly string[];
}

/** Look-ups into the application's own storage; each may be synchronous or return a promise. */
export interface AuthFinders {
  /**
   * The person behind a verified session, or null when they no longer exist (the request is then refused).
   * Without it, the subject is the session's `sub` claim and the permissions its `permissions` claim.
   */
  readonly findUser?: (claims: SessionPayload) => SessionUser | null | Promise<SessionUser | null>;
  /** The record of the API key with this prefix (`kit_ab12cd34`), or null. Without it, API keys are not accepted. */
  readonly findApiKey?: (prefix: string) => ApiKeyRecord | null | Promise<ApiKeyRecord | null>;
  /**
   * The record of a workload, or null when the application does not know it (403). Without it, every workload
   * of a trusted trust domain is accepted, with no permissions.
   */
  readonly findWorkload?: (spiffeId: string) => WorkloadRecord | null | Promise<WorkloadRecord | null>;
}

/** The configuration checked and with its defaults filled in. */
export interface ResolvedAuthConfig {
  readonly sessionSecret: string | undefined;
  readonly cookieName: string;
  readonly hostCookieOnly: boolean;
  readonly revocation: SessionRevocation | undefined;
  readonly replayStore: ReplayStore;
  readonly dpopMaxAgeSeconds: number;
  readonly dpopRequired: boolean;
  readonly trustDomains: ReadonlySet<string> | undefined;
  readonly finders: AuthFinders;
  readonly sessionCache: VerifiedSessionCache;
}

const cookieNamePattern = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

function fail(message: string): KitAuthError {
  return new KitAuthError('invalid_config', `createAuthMiddleware: ${message}.`);
}

/** Checks the configuration once, at creation, so a mistake stops the app from starting instead of failing requests. */
export function resolveAuthConfig(config: AuthMiddlewareConfig, finders: AuthFinders): ResolvedAuthConfig {
  if (typeof config !== 'object' || config === null) throw fail('config must be an object such as { sessionSecret }');
  if (typeof finders !== 'object' || finders === null) throw fail('finders must be an object such as { findApiKey }');
  if (config.sessionSecret !== undefined) assertSessionSecret(config.sessionSecret, 'createAuthMiddleware');
  const cookieName = config.cookieName ?? sessionCookieName;
  if (typeof cookieName !== 'string' || !cookieNamePattern.test(cookieName))
    throw fail(`cookieName ${JSON.stringify(cookieName)} is not a valid cookie name; use letters, digits, '_' and '-'`);

  if (config.hostCookieOnly !== undefined && typeof config.hostCookieOnly !== 'boolean') throw fail('hostCookieOnly must be true or false');
  if (config.revocation !== undefined && typeof config.revocation?.isRevoked !== 'function')
    throw fail('revocation must be what createSessionRevocation({ store }) returns');
  if (config.revocation !== undefined && config.sessionSecret === undefined)
    throw fail('revocation is given but no sessionSecret, so there are no sessions to revoke; set sessionSecret');
  for (const name of ['findUser', 'findApiKey', 'findWorkload'] as const) {
    if (finders[name] !== undefined && typeof finders[name] !== 'function') throw fail(`finders.${name} must be a function`);
  }
  if (finders.findUser && config.sessionSecret === undefined)
    throw fail('finders.findUser is given but no sessionSecret, so no session could reach it; set sessionSecret');
  if (finders.findWorkload && !config.mtls)
    throw fail('finders.findWorkload is given but mtls is not set; set mtls: { trustDomains: [...] }');

  const dpop = config.dpop ?? {};
  const dpopMaxAgeSeconds = dpop.maxAgeSeconds ?? defaultDPoPMaxAgeSeconds;
  if (!Number.isFinite(dpopMaxAgeSeconds) || dpopMaxAgeSeconds <= 0)
    throw fail(
      `dpop.maxAgeSeconds ${String(dpop.maxAgeSeconds)} must be a positive number of seconds (default ${defaultDPoPMaxAgeSeconds})`,
    );
  if (dpop.replayStore !== undefined && typeof dpop.replayStore?.claimOnce !== 'function')
    throw fail('dpop.replayStore must be a ReplayStore (a MemoryStore or RedisStore of @kit/kit-core)');
  if (dpop.required !== undefined && typeof dpop.required !== 'boolean') throw fail('dpop.required must be true or false');

  let trustDomains: Set<string> | undefined;
  if (config.mtls !== undefined) {
    const domains: unknown = config.mtls?.trustDomains;
    if (!Array.isArray(domains) || domains.length === 0)
      throw fail('mtls.trustDomains must list at least one SPIFFE trust domain, such as ["prod.example.org"]');
    const bad = domains.find((domain) => !isTrustDomain(domain));
    if (bad !== undefined)
      throw fail(
        `mtls.trustDomains has ${JSON.stringify(bad)}, which is not a trust domain name; give the bare lower-case name, such as "prod.example.org" (no spiffe://)`,
      );
    trustDomains = new Set(domains as string[]);
  }
  if (config.sessionSecret === undefined && !finders.findApiKey && !trustDomains) {
    throw fail('nothing to authenticate with; set sessionSecret (sessions), finders.findApiKey (API keys) or mtls (SPIFFE identities)');
  }
  return {
    sessionSecret: config.sessionSecret,
    cookieName,
    hostCookieOnly: config.hostCookieOnly ?? false,
    revocation: config.revocation,
    replayStore: dpop.replayStore ?? new MemoryStore(),
    dpopMaxAgeSeconds,
    dpopRequired: dpop.required ?? false,
    trustDomains,
    finders,
    sessionCache: new VerifiedSessionCache(),
  };
}
