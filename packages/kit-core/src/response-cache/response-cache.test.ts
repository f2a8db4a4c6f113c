import { describe, expect, it } from 'vitest';
import type { CacheRequest } from './cache-request.js';
import { toCachedResponse } from './cached-response.js';
import { ResponseCache } from './response-cache.js';

const requestFor = (target: string, accept?: string): CacheRequest => ({
  method: 'GET',
  target,
  path: target.split('?')[0]!,
  accept,
  acceptEncoding: undefined,
  ifNoneMatch: undefined,
});
const entryFor = (target: string, body = `body of ${target}`, headers: Record<string, string> = {}, accept?: string) =>
  toCachedResponse(new Response(body, { headers }), requestFor(target, accept), {}, true);

describe('ResponseCache', () => {
  it('finds a kept answer by target, counts hits, and says what it holds', async () => {
    const cache = new ResponseCache();
    const entry = await entryFor('/a?x=1');
    cache.keep(entry, cache.version());
    expect(cache.lookup('GET', '/a?x=1', undefined)).toBe(entry);
    expect(cache.lookup('GET', '/a?x=2', undefined)).toBeUndefined();
    cache.countMiss();
    expect(cache.stats()).toEqual({ hits: 1, misses: 1, entries: 1, bytes: entry.size });
  });

  it('evicts the least recently used past maxEntries', async () => {
    const cache = new ResponseCache({ maxEntries: 2 });
    for (const target of ['/a', '/b']) cache.keep(await entryFor(target), 0);
    cache.lookup('GET', '/a', undefined);
    cache.keep(await entryFor('/c'), 0);
    expect(['/a', '/b', '/c'].map((target) => cache.lookup('GET', target, undefined) !== undefined)).toEqual([true, false, true]);
  });

  it('evicts past maxBytes, and keeps no answer larger than all of it', async () => {
    const cache = new ResponseCache({ maxBytes: 100 });
    cache.keep(await entryFor('/a', 'a'.repeat(40)), 0);
    cache.keep(await entryFor('/b', 'b'.repeat(40)), 0);
    cache.keep(await entryFor('/c', 'c'.repeat(40)), 0);
    expect(cache.stats()).toMatchObject({ entries: 2 });
    expect(cache.lookup('GET', '/a', undefined)).toBeUndefined();
    cache.keep(await entryFor('/huge', 'h'.repeat(200)), 0);
    expect(cache.lookup('GET', '/huge', undefined)).toBeUndefined();
    expect(cache.stats().bytes).toBeLessThanOrEqual(100);
  });

  it('drops everything when the version changes, and does not keep an answer computed across the change', async () => {
    let version = 1;
    const cache = new ResponseCache({ version: () => version });
    cache.keep(await entryFor('/a'), 1);
    const computedAt = cache.version();
    version = 2;
    expect(cache.lookup('GET', '/a', undefined)).toBeUndefined();
    cache.keep(await entryFor('/b'), computedAt);
    expect(cache.stats()).toEqual({ hits: 0, misses: 0, entries: 0, bytes: 0 });
  });

  it('keeps an answer that varies on Accept per Accept, once it has seen the target vary', async () => {
    const cache = new ResponseCache();
    const html = await entryFor('/doc', '<p>x</p>', { vary: 'Accept' }, 'text/html');
    cache.keep(html, 0);
    expect(cache.lookup('GET', '/doc', 'text/markdown')).toBeUndefined();
    const markdown = await entryFor('/doc', '# x', { vary: 'Accept' }, 'text/markdown');
    cache.keep(markdown, 0);
    expect(cache.lookup('GET', '/doc', 'text/html')).toBe(html);
    expect(cache.lookup('GET', '/doc', 'text/markdown')).toBe(markdown);
  });

  it('answers HEAD only from the entry of an endpoint that answers HEAD', async () => {
    const cache = new ResponseCache();
    cache.keep(await toCachedResponse(new Response('x'), requestFor('/protocol'), {}, false), 0);
    expect(cache.lookup('HEAD', '/protocol', undefined)).toBeUndefined();
    expect(cache.lookup('GET', '/protocol', undefined)).toBeDefined();
  });

  it('compresses a body of 1 KiB or more once, counting the copy in its bytes', async () => {
    const cache = new ResponseCache();
    const small = await entryFor('/small', 'x'.repeat(1023));
    const large = await entryFor('/large', 'x'.repeat(4096));
    for (const entry of [small, large]) cache.keep(entry, 0);
    expect(cache.encoded(small, 'br')).toBe(small.body);
    const before = cache.stats().bytes;
    const br = cache.encoded(large, 'br');
    expect(br.byteLength).toBeLessThan(100);
    expect(cache.encoded(large, 'br')).toBe(br);
    expect(cache.encoded(large, undefined)).toBe(large.body);
    expect(cache.stats().bytes).toBe(before + br.byteLength);
  });

  it('refuses bounds that are not whole numbers from 1', () => {
    expect(() => new ResponseCache({ maxEntries: 0 })).toThrow(
      'createKitApp: responseCache.maxEntries must be a whole number from 1, got 0; omit it for 2000',
    );
    expect(() => new ResponseCache({ maxBytes: 1.5 })).toThrow(TypeError);
  });
});
