import { hash as digestOf, randomBytes, timingSafeEqual } from 'node:crypto';
import { prefixOf } from './api-key-format.js';

/** A new API key: `key` for the agent (shown once), `hash` and `prefix` for the record. */
export interface GeneratedApiKey {
  /** The whole key, `kit_<prefix id>_<secret>`: give it to the agent once, never store it. */
  readonly key: string;
  /** SHA-256 of the whole key in lowercase hex (64 characters): the only form to store. */
  readonly hash: string;
  /** `kit_<prefix id>`: not secret, unique per key; store it to find the record and show it in lists. */
  readonly prefix: string;
}

const hashPattern = /^[0-9a-fA-F]{64}$/;

/**
 * The SHA-256 hex digest of an API key, as `generateApiKey` stores it. A fast hash is enough here: the key
 * carries 256 random bits, so unlike a password it cannot be guessed from its hash.
 *
 * @example
 * ```ts
 * import { hashApiKey } from '@kit/kit-auth';
 *
 * const hash = hashApiKey(process.env.IMPORTED_KEY ?? '');
 * ```
 */
export function hashApiKey(key: string): string {
  return digestOf('sha256', key, 'hex');
}

/**
 * Creates an API key for an agent: `key` is `kit_<8 hex characters>_<43 base64url characters>` (32 random
 * bytes of secret), `prefix` is `kit_<8 hex characters>`, `hash` the SHA-256 hex of the whole key.
 *
 * @example
 * ```ts
 * import { generateApiKey } from '@kit/kit-auth';
 *
 * const { key, hash, prefix } = generateApiKey();
 * // Store { prefix, hash } with the agent's record; show `key` to its owner once.
 * console.log(prefix, key.startsWith(prefix)); // kit_3f9a0c1e true
 * ```
 */
export function generateApiKey(): GeneratedApiKey {
  const key = `kit_${randomBytes(4).toString('hex')}_${randomBytes(32).toString('base64url')}`;
  return { key, hash: hashApiKey(key), prefix: `kit_${key.slice(4, 12)}` };
}

/**
 * Whether `key` is the key `hash` was made from. Compares the two SHA-256 hex digests with
 * `crypto.timingSafeEqual`, so the time taken says nothing about how much of the hash matched. Returns
 * false, never throws, for a key that is not a kit key or a hash that is not 64 hex characters.
 *
 * @example
 * ```ts
 * import { generateApiKey, verifyApiKey } from '@kit/kit-auth';
 *
 * const { key, hash } = generateApiKey();
 * console.log(verifyApiKey(key, hash), verifyApiKey(`${key}x`, hash)); // true false
 * ```
 */
export function verifyApiKey(key: string, hash: string): boolean {
  return prefixOf(key) !== null && matchesHash(key, hash);
}

/** Stored hashes remembered as the bytes they are compared as, at most this many; past it the oldest go. */
const maxStoredDigests = 10_000;
const storedDigests = new Map<string, Buffer>();

/**
 * A stored hash as the bytes the presented key's digest is compared with, or undefined when it is not 64 hex
 * characters. A key's record comes back on each of its requests, so the check and the conversion are done once per
 * hash rather than per request. The map is searched by the stored hash, never by anything the caller sent.
 */
function storedDigest(hash: string): Buffer | undefined {
  let bytes = storedDigests.get(hash);
  if (bytes === undefined) {
    if (typeof hash !== 'string' || !hashPattern.test(hash)) return undefined;
    bytes = Buffer.from(hash.toLowerCase(), 'latin1');
    if (storedDigests.size >= maxStoredDigests) {
      const oldest = storedDigests.keys().next().value;
      if (oldest !== undefined) storedDigests.delete(oldest);
    }
    storedDigests.set(hash, bytes);
  }
  return bytes;
}

/** `verifyApiKey` for a key already known to be well formed: the constant-time comparison of the digests. */
export function matchesHash(key: string, hash: string): boolean {
  const stored = storedDigest(hash);
  if (stored === undefined) return false;
  // The one-shot hex digest is the fastest way Node has to hash a short string (a Hash object or a Buffer output
  // costs several times more); the two 64-character hex digests are then compared byte for byte in constant time.
  return timingSafeEqual(Buffer.from(digestOf('sha256', key, 'hex'), 'latin1'), stored);
}

/**
 * The lookup prefix (`kit_<8 hex>`) of a presented key, or null when the string is not a kit API key. Use it
 * to find the key's record, then `verifyApiKey` to check the key against the stored hash.
 *
 * @example
 * ```ts
 * import { apiKeyPrefix } from '@kit/kit-auth';
 *
 * console.log(apiKeyPrefix('kit_ab12cd34_' + 'x'.repeat(43))); // kit_ab12cd34
 * console.log(apiKeyPrefix('hello')); // null
 * ```
 */
export function apiKeyPrefix(key: string): string | null {
  return prefixOf(key);
}
