import { describe, expect, it } from 'vitest';
import { rejectionOf } from '../../../../test-support/rejection.js';
import { KitAuthError } from '../errors/kit-auth-error.js';
import { hashPassword, maxPasswordBytes, verifyPassword } from './password-hash.js';

const password = 'correct horse battery staple';

describe('hashPassword and verifyPassword', () => {
  it('make a salted, self-describing scrypt hash that only its password matches', async () => {
    const stored = await hashPassword(password);
    expect(stored).toMatch(/^\$scrypt\$v=1\$ln=15,r=8,p=3\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await hashPassword(password)).not.toBe(stored);
    expect(await verifyPassword(password, stored)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
    expect(await verifyPassword(42, stored)).toBe(false);
  });

  it('normalise to NFC, so the same text typed two ways is one password', async () => {
    const composed = 'caf\u00e9 au lait!';
    const decomposed = 'cafe\u0301 au lait!';
    expect(await verifyPassword(decomposed, await hashPassword(composed))).toBe(true);
  });

  it('read hashes made with other parameters, which travel in the string', async () => {
    // ln=10, r=8, p=1 of the password "pw" with salt "salt-of-16-bytes" (made with node:crypto scryptSync).
    const { scryptSync } = await import('node:crypto');
    const salt = Buffer.from('salt-of-16-bytes');
    const key = scryptSync('pw', salt, 32, { N: 1024, r: 8, p: 1 });
    const stored = `$scrypt$v=1$ln=10,r=8,p=1$${salt.toString('base64').replace(/=+$/, '')}$${key.toString('base64').replace(/=+$/, '')}`;
    expect(await verifyPassword('pw', stored)).toBe(true);
  });

  it(`refuse passwords over ${maxPasswordBytes} bytes before hashing them`, async () => {
    const huge = 'x'.repeat(5 * 1024 * 1024);
    const began = performance.now();
    const error = await rejectionOf(hashPassword(huge), KitAuthError);
    expect(performance.now() - began).toBeLessThan(50);
    expect(error.code).toBe('password_too_long');
    expect(error.status).toBe(400);
    expect(error.message).toContain('longer than 1024 bytes');
    expect(error.toKitError().code).toBe('invalid_input');
    // 1,024 bytes are fine; 513 two-byte letters are 1,026 bytes.
    expect(await verifyPassword('é'.repeat(512), await hashPassword('é'.repeat(512)))).toBe(true);
    expect((await rejectionOf(hashPassword('é'.repeat(513)), KitAuthError)).code).toBe('password_too_long');
    const stored = await hashPassword(password);
    const refusedAt = performance.now();
    expect(await verifyPassword(huge, stored)).toBe(false);
    expect(performance.now() - refusedAt).toBeLessThan(50);
  });

  it('take as long for an unknown account as for a known one, and say false', async () => {
    const stored = await hashPassword(password);
    const time = async (run: () => Promise<boolean>) => {
      const began = performance.now();
      expect(await run()).toBe(false);
      return performance.now() - began;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      known.push(await time(() => verifyPassword('wrong password', stored)));
      unknown.push(await time(() => verifyPassword('wrong password', undefined)));
      unknown.push(await time(() => verifyPassword(password, null)));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    // Before: 2.0 ms for an unknown e-mail address against 39.7 ms for a known one. Now both run scrypt once.
    expect(median(unknown) / median(known)).toBeGreaterThan(0.5);
    expect(median(unknown) / median(known)).toBeLessThan(2);
  });

  it('refuse a stored value hashPassword did not make, as the application’s mistake', async () => {
    for (const stored of [
      'correct horse battery staple',
      'scrypt$16384$8$1$abc$def',
      '$scrypt$v=1$ln=40,r=8,p=1$c2FsdHNhbHQ$a2V5a2V5a2V5a2V5a2V5a2V5',
    ]) {
      const error = await rejectionOf(verifyPassword(password, stored), KitAuthError);
      expect(error.code).toBe('invalid_config');
      expect(error.message).toContain('verifyPassword: the stored hash is not one hashPassword made');
      expect(error.message).not.toContain('horse');
    }
  });
});
