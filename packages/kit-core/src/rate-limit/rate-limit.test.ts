import { describe, expect, it } from 'vitest';
import { createKitApp } from '../app/create-kit-app.js';
import { defineAPI } from '../definitions/define-api.js';
import { defineRateLimit } from './define-rate-limit.js';
import { MemoryStore } from './memory-store.js';
import { parseWindow } from './parse-window.js';
import type { RateLimitStore } from './store.js';

const health = defineAPI({ handler: async () => ({ status: 'ok' }) });

describe('parseWindow', () => {
  it('reads a count and a unit', () => {
    expect(parseWindow('500ms')).toBe(500);
    expect(parseWindow('30s')).toBe(30_000);
    expect(parseWindow('1m')).toBe(60_000);
    expect(parseWindow('2h')).toBe(7_200_000);
    expect(parseWindow('1d')).toBe(86_400_000);
  });

  it('names the bad value and the accepted form', () => {
    expect(() => parseWindow('1 minute')).toThrow(/window "1 minute" is not a duration; write .* '1m'/);
    expect(() => parseWindow('0s')).toThrow(/not a duration/);
  });
});

describe('defineRateLimit', () => {
  it('resolves the rule of each auth type, falling back to the default', () => {
    const limits = defineRateLimit({ default: { requests: 100, window: '1m' }, perAuthType: { agent: { requests: 600, window: '1m' } } });
    expect(limits.ruleFor('agent')).toEqual({ requests: 600, windowMs: 60_000 });
    expect(limits.ruleFor('human')).toEqual({ requests: 100, windowMs: 60_000 });
    expect(limits.default).toEqual({ requests: 100, window: '1m' });
  });

  it('refuses a count that is not a positive whole number', () => {
    expect(() => defineRateLimit({ default: { requests: 0, window: '1m' } })).toThrow(/default.requests is 0/);
    expect(() =>
      defineRateLimit({ default: { requests: 1, window: '1m' }, perAuthType: { human: { requests: 1.5, window: '1m' } } }),
    ).toThrow(/perAuthType.human.requests/);
  });
});

describe('MemoryStore', () => {
  it('counts within a window and starts again after it', async () => {
    let now = 1_000;
    const store = new MemoryStore({ now: () => now });
    expect(await store.hit('a', 1_000)).toEqual({ count: 1, resetMs: 1_000 });
    now += 400;
    expect(await store.hit('a', 1_000)).toEqual({ count: 2, resetMs: 600 });
    now += 600;
    expect(await store.hit('a', 1_000)).toEqual({ count: 1, resetMs: 1_000 });
  });

  it('stays within its key budget by dropping expired, then oldest, counters', async () => {
    let now = 0;
    const store = new MemoryStore({ maxKeys: 3, now: () => now });
    for (const key of ['a', 'b', 'c']) await store.hit(key, 10);
    now = 5;
    await store.hit('d', 10);
    expect(store.size).toBe(3);
    now = 20;
    await store.hit('e', 10);
    expect(store.size).toBeLessThanOrEqual(3);
  });
});

describe('createKitApp with rateLimit', () => {
  const makeApp = (store?: RateLimitStore) =>
    createKitApp({
      routes: { 'GET /api/health': health },
      rateLimit: defineRateLimit({ default: { requests: 2, window: '1m' } }),
      ...(store ? { rateLimitStore: store } : {}),
      clientKey: ({ request }) => request.headers.get('x-client') ?? 'unknown',
    });

  it('answers 429 with Retry-After and RateLimit headers past the limit, per client', async () => {
    const app = makeApp();
    const call = (client: string) => app.fetch(new Request('http://test/api/health', { headers: { 'x-client': client } }));
    const first = await call('a');
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-limit')).toBe('2');
    expect(first.headers.get('ratelimit-remaining')).toBe('1');
    expect(first.headers.get('ratelimit-policy')).toBe('2;w=60');
    expect((await call('a')).status).toBe(200);
    const refused = await call('a');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('ratelimit-remaining')).toBe('0');
    expect((await refused.json()).type).toBe('/problems/rate-limited');
    expect((await call('b')).status).toBe(200);
  });

  it('lets requests through when the store fails', async () => {
    const errors: unknown[] = [];
    const broken: RateLimitStore = { hit: async () => Promise.reject(new Error('store down')) };
    const app = createKitApp({
      routes: { 'GET /api/health': health },
      rateLimit: defineRateLimit({ default: { requests: 1, window: '1m' } }),
      rateLimitStore: broken,
      onRateLimitError: (error) => errors.push(error),
    });
    expect((await app.fetch(new Request('http://test/api/health'))).status).toBe(200);
    expect(errors).toHaveLength(1);
  });

  it('throttles nothing without a configuration', async () => {
    const app = createKitApp({ routes: { 'GET /api/health': health } });
    for (let i = 0; i < 20; i++) {
      const response = await app.fetch(new Request('http://test/api/health'));
      expect(response.status).toBe(200);
      expect(response.headers.has('ratelimit-limit')).toBe(false);
    }
  });
});

describe('MemoryStore.claimOnce', () => {
  it('answers true once per key within the window, and again once the window has passed', async () => {
    let now = 1_000;
    const store = new MemoryStore({ now: () => now });
    expect(await store.claimOnce('jti-a', 1_000)).toBe(true);
    expect(await store.claimOnce('jti-a', 1_000)).toBe(false);
    expect(await store.claimOnce('jti-b', 1_000)).toBe(true);
    now += 1_001;
    expect(await store.claimOnce('jti-a', 1_000)).toBe(true);
  });

  it('refuses an empty key and a bad ttl with a message naming the fix', async () => {
    const store = new MemoryStore();
    await expect(store.claimOnce('', 1_000)).rejects.toThrow('claimOnce: key must be a non-empty string');
    await expect(store.claimOnce('k', 0)).rejects.toThrow('ttlMs must be a positive whole number of milliseconds, got 0');
  });
});
