import type { AuthIdentity } from '@kit/kit-core';
import { prefixOf } from '../api-key/api-key-format.js';
import { matchesHash } from '../api-key/api-key.js';
import { KitAuthError } from '../errors/kit-auth-error.js';
import { cachedRevocationState } from '../session/session-revocation.js';
import { verifySession } from '../session/verify-session.js';
import type { ApiKeyRecord, ResolvedAuthConfig } from './auth-config.js';
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

/** Checks an API key against the record its prefix finds: the hash (in constant time), then revocation and expiry. */
export async function resolveApiKey(key: string, config: ResolvedAuthConfig): Promise<ResolvedCredential> {
  const prefix = prefixOf(key);
  if (prefix === null) {
    throw new KitAuthError(
      'api_key_malformed',
      'The API key presented is not a kit API key (kit_<8 hex characters>_<43 base64url characters>); send the whole key as it was issued.',
    );
  }
  const record = config.finders.findApiKey ? await config.finders.findApiKey(prefix) : null;
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

/** Verifies a session and finds its person: `findUser` when given, else the `sub` claim. */
export async function resolveSession(token: string, config: ResolvedAuthConfig): Promise<ResolvedCredential> {
  if (config.sessionSecret === undefined) {
    throw new KitAuthError('session_invalid', 'This server accepts no session tokens; authenticate with an API key instead.');
  }
  const digest = VerifiedSessionCache.digest(token);
  let claims = config.sessionCache.get(digest);
  if (claims === undefined) {
    claims = await verifySession(token, config.sessionSecret);
    config.sessionCache.set(digest, claims);
  }
  // Before findUser, so a signed-out session costs the application no look-up. Most requests get the answer
  // from the revocation's memory without waiting; the others ask the store.
  if (
    config.revocation !== undefined &&
    (cachedRevocationState(config.revocation, claims) ?? (await config.revocation.isRevoked(claims)))
  ) {
    throw new KitAuthError('session_revoked', 'This session was signed out; sign in again.');
  }
  const cnf = claims.cnf as { jkt?: unknown } | undefined;
  const boundTo = typeof cnf === 'object' && cnf !== null && typeof cnf.jkt === 'string' ? cnf.jkt : undefined;
  const { findUser } = config.finders;
  if (findUser) {
    const user = await findUser(claims);
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
  if (typeof claims.sub !== 'string' || claims.sub === '') {
    throw new KitAuthError(
      'session_invalid',
      'The session has no sub claim naming its subject; sign in again (and sign sessions with a sub, or give createAuthMiddleware a findUser).',
    );
  }
  return { identity: { subject: claims.sub, method: 'session', permissions: permissionList(claims.permissions), claims }, boundTo };
}
