import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionPayload } from '../session/session-types.js';
import { VerifiedSessionCache } from './session-cache.js';

const payload = (exp: number): SessionPayload => ({ sub: 'u', iat: exp - 60, exp });

afterEach(() => {
  vi.useRealTimers();
});

describe('VerifiedSessionCache', () => {
  it('remembers a payload until its exp, then forgets it', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    const cache = new VerifiedSessionCache();
    const digest = VerifiedSessionCache.digest('a.b.c');
    expect(digest).toMatch(/^[A-Za-z0-9_-]{43}$/);
    cache.set(digest, payload(Date.parse('2030-01-01T00:00:10Z') / 1000));
    expect(cache.get(digest)?.sub).toBe('u');
    expect(Object.isFrozen(cache.get(digest))).toBe(true);
    vi.setSystemTime(new Date('2030-01-01T00:00:10Z'));
    expect(cache.get(digest)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps at most its maximum, forgetting the oldest first', () => {
    const cache = new VerifiedSessionCache(3);
    const far = Math.floor(Date.now() / 1000) + 3600;
    for (const token of ['t1', 't2', 't3', 't4']) cache.set(VerifiedSessionCache.digest(token), payload(far));
    expect(cache.size).toBe(3);
    expect(cache.get(VerifiedSessionCache.digest('t1'))).toBeUndefined();
    expect(cache.get(VerifiedSessionCache.digest('t4'))).toBeDefined();
  });

  it('answers a hit only for the signed part it remembered, keyed by the signature alone', () => {
    const cache = new VerifiedSessionCache();
    const far = Math.floor(Date.now() / 1000) + 3600;
    const { digest, signed } = VerifiedSessionCache.keyOf('head.claims.signature');
    expect(digest).toBe(VerifiedSessionCache.digest('other.parts.signature'));
    expect(signed).toBe('head.claims');
    cache.set(digest, payload(far), signed);
    expect(cache.get(digest, 'head.claims')?.sub).toBe('u');
    expect(cache.get(digest, 'head.other')).toBeUndefined();
    expect(VerifiedSessionCache.keyOf('no-dot')).toEqual({ digest: VerifiedSessionCache.digest('no-dot'), signed: '' });
  });
});
