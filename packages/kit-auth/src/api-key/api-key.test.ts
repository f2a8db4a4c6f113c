import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiKeyPrefix, generateApiKey, hashApiKey, verifyApiKey } from './api-key.js';

describe('generateApiKey', () => {
  it('makes kit_<8 hex>_<43 base64url> keys with their prefix and SHA-256 hash', () => {
    const { key, hash, prefix } = generateApiKey();
    expect(key).toMatch(/^kit_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(key.slice(13), 'base64url')).toHaveLength(32);
    expect(prefix).toBe(key.slice(0, 12));
    expect(prefix).toMatch(/^kit_[0-9a-f]{8}$/);
    expect(hash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(hashApiKey(key)).toBe(hash);
  });

  it('never repeats a key or (in practice) a prefix', () => {
    const keys = Array.from({ length: 200 }, () => generateApiKey());
    expect(new Set(keys.map((k) => k.key)).size).toBe(200);
    expect(new Set(keys.map((k) => k.prefix)).size).toBe(200);
  });
});

describe('verifyApiKey', () => {
  it('accepts the key its hash was made from, and nothing else', () => {
    const { key, hash } = generateApiKey();
    const other = generateApiKey();
    expect(verifyApiKey(key, hash)).toBe(true);
    expect(verifyApiKey(key, hash.toUpperCase())).toBe(true);
    expect(verifyApiKey(other.key, hash)).toBe(false);
    expect(verifyApiKey(key, other.hash)).toBe(false);
    const flipped = key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A');
    expect(verifyApiKey(flipped, hash)).toBe(false);
  });

  it('answers false, without throwing, for malformed keys and hashes', () => {
    const { key, hash } = generateApiKey();
    for (const badKey of ['', 'kit_', `${key}x`, key.slice(0, -1), key.replace('kit_', 'kat_'), key.toUpperCase(), ` ${key}`]) {
      expect(verifyApiKey(badKey, hashApiKey(badKey)), badKey).toBe(false);
    }
    for (const badHash of ['', 'zz', hash.slice(0, 63), `${hash}0`, 'g'.repeat(64)]) {
      expect(verifyApiKey(key, badHash), badHash).toBe(false);
    }
    expect(verifyApiKey(undefined as unknown as string, hash)).toBe(false);
    expect(verifyApiKey(key, null as unknown as string)).toBe(false);
  });
});

describe('apiKeyPrefix', () => {
  it('gives the lookup prefix of a kit key, null otherwise', () => {
    const { key, prefix } = generateApiKey();
    expect(apiKeyPrefix(key)).toBe(prefix);
    expect(apiKeyPrefix('kit_ab12cd34_' + 'x'.repeat(43))).toBe('kit_ab12cd34');
    expect(apiKeyPrefix('kit_AB12CD34_' + 'x'.repeat(43))).toBeNull();
    expect(apiKeyPrefix('kit_ab12cd34_' + 'x'.repeat(42))).toBeNull();
    expect(apiKeyPrefix('eyJhbGciOiJIUzI1NiJ9.e30.sig')).toBeNull();
  });
});
