import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createKitApp } from '../app/create-kit-app.js';
import { defineAPI } from '../definitions/define-api.js';
import { KitError } from '../errors/kit-error.js';
import { defineRateLimit } from './define-rate-limit.js';
import { RedisStore } from './redis-store.js';
import { sendRaw } from '../../../../test-support/http.js';
import { freePort, startRedis, type TestRedis } from '../../../../test-support/redis-server.js';

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
    await expect(a.tryLock('job:5', 1.5)).rejects.toThrow(
      'RedisStore.tryLock: ttlMs must be a positive whole number of milliseconds, got 1.5',
    );
    await expect(a.unlock('', 'x')).rejects.toThrow('RedisStore.unlock: key must be a non-empty string');
  });
});

/** A redis-server on a port of the test's choosing, so it can be stopped and started again on the same one. */
async function redisOnPort(port: number): Promise<{ stop(): Promise<void> }> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const deadline = Date.now() + 10_000;
  while (!output.includes('Ready to accept connections')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`redis-server did not start: ${output.slice(-300)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return {
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

describe('a Redis outage under a kit app', () => {
  it('lets requests through and says so once per outage on standard error, not once per request', { timeout: 30_000 }, async () => {
    const port = await freePort();
    let redis = await redisOnPort(port);
    const store = new RedisStore({ url: `redis://127.0.0.1:${port}`, commandTimeoutMs: 200 });
    const app = createKitApp({
      routes: { 'GET /api/health': defineAPI({ handler: async () => ({ ok: true }) }) },
      rateLimit: defineRateLimit({ default: { requests: 1000, window: '1m' } }),
      rateLimitStore: store,
    });
    const server = await app.listen({ port: 0 });
    const lines: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
      const text = String(chunk);
      if (text.startsWith('kit: the rate-limit store')) {
        lines.push(text);
        return true;
      }
      return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    });
    const get = () => sendRaw(`http://127.0.0.1:${server.port}/api/health`);
    try {
      const limited = await get();
      expect(limited.status).toBe(200);
      expect(limited.headers['ratelimit-limit']).toBe('1000');

      await redis.stop();
      for (let i = 0; i < 8; i++) {
        const response = await get();
        expect(response.status).toBe(200);
        expect(response.headers['ratelimit-limit']).toBeUndefined();
      }
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^kit: the rate-limit store failed \(.+\); requests are let through without rate limits until it answers again\. Set onRateLimitError in createKitApp to handle this yourself\.\n$/,
      );

      redis = await redisOnPort(port);
      await expect.poll(async () => (await get()).headers['ratelimit-limit'], { timeout: 10_000, interval: 100 }).toBe('1000');
      expect(lines).toEqual([lines[0], 'kit: the rate-limit store answers again; rate limits apply again.\n']);

      // A second outage is told again, once.
      await redis.stop();
      for (let i = 0; i < 4; i++) expect((await get()).status).toBe(200);
      expect(lines).toHaveLength(3);
    } finally {
      spy.mockRestore();
      await server.close();
      await store.close();
      await redis.stop();
    }
  });
});
