import type { CryptoKey } from 'jose';
import { KitAuthError } from '../errors/kit-auth-error.js';

/**
 * The shortest session secret accepted, 32 characters: with random characters that is at least the 256 bits
 * HS256 is meant to be keyed with.
 *
 * @example
 * ```ts
 * import { minimumSessionSecretLength } from '@kit/kit-auth';
 *
 * const secret = process.env.SESSION_SECRET ?? '';
 * if (secret.length < minimumSessionSecretLength) throw new Error(`SESSION_SECRET needs ${minimumSessionSecretLength} characters or more`);
 * ```
 */
export const minimumSessionSecretLength = 32;

// Importing an HMAC key into WebCrypto costs about as much as the signature check itself, so each secret is
// imported once. The cache is bounded because secrets normally number one or two (during a rotation).
const importedKeys = new Map<string, Promise<CryptoKey>>();
const maxCachedKeys = 16;

/** Throws `invalid_config` unless `secret` is a string of at least 32 characters. */
export function assertSessionSecret(secret: unknown, component: string): asserts secret is string {
  if (typeof secret !== 'string' || secret.length < minimumSessionSecretLength) {
    const got = typeof secret === 'string' ? `${secret.length} characters` : `a ${secret === null ? 'null' : typeof secret}`;
    throw new KitAuthError(
      'invalid_config',
      `${component}: the session secret must be a string of at least ${minimumSessionSecretLength} characters (got ${got}); ` +
        'generate one with `openssl rand -base64 48` and keep it in an environment variable.',
    );
  }
}

/** The WebCrypto HMAC-SHA-256 key for a session secret, imported once per secret. */
export function sessionKey(secret: string): Promise<CryptoKey> {
  let key = importedKeys.get(secret);
  if (key === undefined) {
    if (importedKeys.size >= maxCachedKeys) importedKeys.clear();
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    importedKeys.set(secret, key);
  }
  return key;
}
