import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KitError } from '../errors/kit-error.js';
import { RedisStore } from './redis-store.js';
import { startRedis, type TestRedis } from '../../../../test-support/redis-server.js';


describe('RedisStore locks', () => {
  let redis: TestRedis;
  let a: RedisStore;
  let b: RedisStore;

  beforeAll(async () => {
    redis = await startRedis();
    a = new RedisStore({ url: redis.url });
    b = new RedisStore({ url: redis.url });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await redis?.stop();
  });

  it('grants a lock to one holder at a time', async () => {
    const token = await a.tryLock('job:1', 5_000);
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    expect(await b.tryLock('job:1', 5_000)).toBeNull();
    expect(await a.tryLock('job:1', 5_000)).toBeNull();
    expect(await b.tryLock('job:2', 5_000)).not.toBeNull();
  });

  it('releases only with the holder token', async () => {
    const token = (await a.tryLock('job:3', 5_000))!;
    expect(await b.unlock('job:3', 'not-the-token')).toBe(false);
    expect(await b.tryLock('job:3', 5_000)).toBeNull();
    expect(await a.unlock('job:3', token)).toBe(true);
    expect(await a.unlock('job:3', token)).toBe(false);
    expect(await b.tryLock('job:3', 5_000)).not.toBeNull();
  });

  it('lets a lock lapse after its ttl', async () => {
    const first = await a.tryLock('job:4', 60);
    expect(first).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 120));
    const second = await b.tryLock('job:4', 5_000);
    expect(second).not.toBeNull();
    // The lapsed holder cannot release the new holder's lock.
    expect(await a.unlock('job:4', first!)).toBe(false);
    expect(await a.tryLock('job:4', 5_000)).toBeNull();
  });

  it('gives exactly one winner among concurrent claims', async () => {
    const tokens = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).tryLock('job:race', 5_000)));
    expect(tokens.filter((token) => token !== null)).toHaveLength(1);
  });

  it('claims a one-time key once across two clients, even when they race', async () => {
    const claims = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).claimOnce('jti:race', 5_000)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await a.claimOnce('jti:other', 5_000)).toBe(true);
  });

  it('rejects a bad ttl or key with a KitError naming the fix', async () => {
    await expect(a.tryLock('job:5', -1)).rejects.toThrow(KitError);
    await expect(a.tryLock('job:5', 1.5)).rejects.toThrow('RedisStore.tryLock: ttlMs must be a positive whole number of milliseconds, got 1.5');
    await expect(a.unlock('', 'x')).rejects.toThrow('RedisStore.unlock: key must be a non-empty string');
  });
});
