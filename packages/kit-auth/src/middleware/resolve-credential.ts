import type { AuthIdentity } from '@kit/kit-core';
import { prefixOf } from '../api-key/api-key-format.js';
import { matchesHash } from '../api-key/api-key.js';
import { KitAuthError } from '../errors/kit-auth-error.js';
import { cachedRevocationState } from '../session/session-revocation.js';
import type { SessionPayload } from '../session/session-types.js';
import { verifySession } from '../session/verify-session.js';
import type { ApiKeyRecord, ResolvedAuthConfig, SessionUser } from './auth-config.js';
import { VerifiedSessionCache } from './session-cache.js';

/** A checked credential: who it names and, when it is bound to a key, the thumbprint a DPoP proof must match. */
export interface ResolvedCredential {
  readonly identity: Omit<AuthIdentity, 'keyThumbprint'>;
  readonly boundTo: string | undefined;
}

/** Keeps only the strings of a permission list, so a stray value in stored data never becomes a grant. */
export function permissionList(value: unknown): readonly string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}

function expiry(value: ApiKeyRecord['expiresAt'], prefix: string): number | undefined {
  if (value === undefined) return undefined;
  const time = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  if (!Number.isFinite(time)) {
    throw new KitAuthError(
      'invalid_config',
      `createAuthMiddleware: the record of API key ${prefix}… has expiresAt ${JSON.stringify(value)}, which is not a date; store a Date, milliseconds or an ISO 8601 string.`,
    );
  }
  return time;
}

/**
 * A value now or later. The steps of the middleware answer at once when nothing they need is elsewhere (a
 * cached session, a key record found in memory), so a request pays for promises only when it has to wait.
 */
export type MaybePromise<T> = T | Promise<T>;

/** Whether a value is something `await` would wait for, as a finder's answer may be. */
function isThenable<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === 'function';
}

/** Checks an API key against the record its prefix finds: the hash (in constant time), then revocation and expiry. */
export function resolveApiKey(key: string, config: ResolvedAuthConfig): MaybePromise<ResolvedCredential> {
  const prefix = prefixOf(key);
  if (prefix === null) {
    throw new KitAuthError(
      'api_key_malformed',
      'The API key presented is not a kit API key (kit_<8 hex characters>_<43 base64url characters>); send the whole key as it was issued.',
    );
  }
  const record = config.finders.findApiKey ? config.finders.findApiKey(prefix) : null;
  return isThenable(record) ? Promise.resolve(record).then((found) => checkApiKey(key, prefix, found)) : checkApiKey(key, prefix, record);
}

function checkApiKey(key: string, prefix: string, record: ApiKeyRecord | null): ResolvedCredential {
  // An unknown prefix and a wrong secret get the same answer, so the answer does not tell which prefixes exist.
  if (!record || !matchesHash(key, record.hash)) {
    throw new KitAuthError('api_key_invalid', `The API key ${prefix}… is not valid; check that it was copied whole, or issue a new one.`);
  }
  if (record.revoked === true) throw new KitAuthError('api_key_revoked', `The API key ${prefix}… was revoked; issue a new one.`);
  const expiresAt = expiry(record.expiresAt, prefix);
  if (expiresAt !== undefined && expiresAt <= Date.now()) {
    throw new KitAuthError('api_key_expired', `The API key ${prefix}… expired at ${new Date(expiresAt).toISOString()}; issue a new one.`);
  }
  if (typeof record.subject !== 'string' || record.subject === '') {
    throw new KitAuthError(
      'invalid_config',
      `createAuthMiddleware: the record of API key ${prefix}… has no subject; findApiKey must return { subject, hash }.`,
    );
  }
  return {
    identity: { subject: record.subject, method: 'api_key', permissions: permissionList(record.permissions), claims: { prefix } },
    boundTo: typeof record.keyThumbprint === 'string' && record.keyThumbprint !== '' ? record.keyThumbprint : undefined,
  };
}

/**
 * What a verified session resolves to when the app has no `findUser`: a function of its claims alone, so it is
 * made once per cached session and shared by its later requests (frozen, like the claims, so that no handler can
 * change it for the others). Held weakly: it goes when the session cache forgets the claims.
 */
const identitiesByClaims = new WeakMap<SessionPayload, ResolvedCredential>();

function revokedSession(): KitAuthError {
  return new KitAuthError('session_revoked', 'This session was signed out; sign in again.');
}

/** Verifies a session and finds its person: `findUser` when given, else the `sub` claim. */
export function resolveSession(token: string, config: ResolvedAuthConfig): MaybePromise<ResolvedCredential> {
  if (config.sessionSecret === undefined) {
    throw new KitAuthError('session_invalid', 'This server accepts no session tokens; authenticate with an API key instead.');
  }
  const { digest, signed } = VerifiedSessionCache.keyOf(token);
  const claims = config.sessionCache.get(digest, signed);
  if (claims !== undefined) return unrevokedSession(claims, config);
  return verifySession(token, config.sessionSecret).then((verified) => {
    config.sessionCache.set(digest, verified, signed);
    return unrevokedSession(verified, config);
  });
}

/**
 * Before findUser, so a signed-out session costs the application no look-up. Most requests get the answer from
 * the revocation's memory without waiting; the others ask the store.
 */
function unrevokedSession(claims: SessionPayload, config: ResolvedAuthConfig): MaybePromise<ResolvedCredential> {
  const { revocation } = config;
  if (revocation !== undefined) {
    const known = cachedRevocationState(revocation, claims);
    if (known === undefined) {
      return Promise.resolve(revocation.isRevoked(claims)).then((revoked) => {
        if (revoked) throw revokedSession();
        return sessionIdentity(claims, config);
      });
    }
    if (known) throw revokedSession();
  }
  return sessionIdentity(claims, config);
}

function sessionIdentity(claims: SessionPayload, config: ResolvedAuthConfig): MaybePromise<ResolvedCredential> {
  const cnf = claims.cnf as { jkt?: unknown } | undefined;
  const boundTo = typeof cnf === 'object' && cnf !== null && typeof cnf.jkt === 'string' ? cnf.jkt : undefined;
  const { findUser } = config.finders;
  if (findUser) {
    const user = findUser(claims);
    return isThenable(user)
      ? Promise.resolve(user).then((found) => userIdentity(found, claims, boundTo))
      : userIdentity(user, claims, boundTo);
  }
  const shared = identitiesByClaims.get(claims);
  if (shared !== undefined) return shared;
  if (typeof claims.sub !== 'string' || claims.sub === '') {
    throw new KitAuthError(
      'session_invalid',
      'The session has no sub claim naming its subject; sign in again (and sign sessions with a sub, or give createAuthMiddleware a findUser).',
    );
  }
  const resolved: ResolvedCredential = Object.freeze({
    identity: Object.freeze({
      subject: claims.sub,
      method: 'session' as const,
      permissions: Object.freeze(permissionList(claims.permissions)),
      claims,
    }),
    boundTo,
  });
  // Frozen claims are the session cache's, shared by every request of the session, and so is their identity.
  if (Object.isFrozen(claims)) identitiesByClaims.set(claims, resolved);
  return resolved;
}

function userIdentity(user: SessionUser | null, claims: SessionPayload, boundTo: string | undefined): ResolvedCredential {
  if (!user) {
    const who = typeof claims.sub === 'string' ? ` (${JSON.stringify(claims.sub.slice(0, 100))})` : '';
    throw new KitAuthError('session_invalid', `The session's user${who} no longer exists; sign in again.`);
  }
  if (typeof user.subject !== 'string' || user.subject === '') {
    throw new KitAuthError(
      'invalid_config',
      'createAuthMiddleware: findUser returned a user without a subject; return { subject, permissions? } or null.',
    );
  }
  const permissions = user.permissions === undefined ? permissionList(claims.permissions) : permissionList(user.permissions);
  return { identity: { subject: user.subject, method: 'session', permissions, claims }, boundTo };
}
