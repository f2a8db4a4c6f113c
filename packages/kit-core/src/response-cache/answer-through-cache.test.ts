/**
 * The response cache inside the app (`app.fetch`, and `listen()` where the Node fast path stands
 * aside): what is kept, how kept answers are sent, and that authentication, rate limits and the
 * app's other steps still see every request.
 */
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createKitApp } from '../app/create-kit-app.js';
import { defineAPI } from '../definitions/define-api.js';
import { defineMiddleware } from '../definitions/define-middleware.js';
import { defineRateLimit } from '../rate-limit/define-rate-limit.js';
import { KitError } from '../errors/kit-error.js';

function countingApp(options: { version?: () => number } = {}) {
  const calls = { countries: 0, page: 0, etag: 0 };
  const app = createKitApp({
    routes: {
      'GET /api/countries': defineAPI({
        cache: 'shared',
        input: z.strictObject({ code: z.string() }),
        handler: async ({ input }) => {
          calls.countries += 1;
          return { code: input.code, padding: 'x'.repeat(2000) };
        },
      }),
      'GET /api/mine': defineAPI({
        handler: async () => {
          calls.etag += 1;
          return { calls: calls.etag };
        },
      }),
    },
    responseCache: { cacheable: (path) => path.startsWith('/docs/'), ...(options.version ? { version: options.version } : {}) },
  });
  app.get('/docs/*', (request) => {
    calls.page += 1;
    const markdown = (request.headers.get('accept') ?? '').includes('text/markdown');
    return new Response(markdown ? '# Page' : '<h1>Page</h1>', {
      headers: { 'Content-Type': markdown ? 'text/markdown' : 'text/html', Vary: 'Accept' },
    });
  });
  return { app, calls };
}

describe('the response cache inside the app', () => {
  it('runs a shared route once per URL and gives every caller the same answer, with its own request id', async () => {
    const { app, calls } = countingApp();
    const first = await app.fetch(new Request('http://localhost/api/countries?code=fr'));
    const second = await app.fetch(new Request('http://localhost/api/countries?code=fr', { headers: { 'X-Request-Id': 'mine-2' } }));
    await app.fetch(new Request('http://localhost/api/countries?code=de'));
    expect(calls.countries).toBe(2);
    expect(await second.text()).toBe(await first.text());
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(second.headers.get('x-request-id')).toBe('mine-2');
    expect(first.headers.get('x-request-id')).not.toBe('mine-2');
    expect(second.headers.get('x-content-type-options')).toBe('nosniff');
    expect(second.headers.get('cache-control')).toBe('no-cache');
    expect(app.responseCacheStats()).toMatchObject({ hits: 1, misses: 2, entries: 2 });
  });

  it('leaves routes that are not shared to run every time', async () => {
    const { app, calls } = countingApp();
    await app.fetch(new Request('http://localhost/api/mine'));
    await app.fetch(new Request('http://localhost/api/mine'));
    expect(calls.etag).toBe(2);
    expect(app.responseCacheStats()).toMatchObject({ hits: 0, misses: 0, entries: 0 });
  });

  it('answers a matching If-None-Match from the cache with 304, and compresses as asked', async () => {
    const { app } = countingApp();
    const first = await app.fetch(new Request('http://localhost/api/countries?code=fr'));
    const text = await first.text();
    const notModified = await app.fetch(
      new Request('http://localhost/api/countries?code=fr', { headers: { 'If-None-Match': first.headers.get('etag')! } }),
    );
    expect([notModified.status, await notModified.text()]).toEqual([304, '']);
    const br = await app.fetch(new Request('http://localhost/api/countries?code=fr', { headers: { 'Accept-Encoding': 'br' } }));
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(text);
  });

  it('keeps the pages its cacheable predicate accepts, per Accept when they vary on it', async () => {
    const { app, calls } = countingApp();
    const html = () => app.fetch(new Request('http://localhost/docs/a', { headers: { Accept: 'text/html' } }));
    const markdown = () => app.fetch(new Request('http://localhost/docs/a', { headers: { Accept: 'text/markdown' } }));
    expect(await (await html()).text()).toBe('<h1>Page</h1>');
    expect(await (await markdown()).text()).toBe('# Page');
    expect(await (await html()).text()).toBe('<h1>Page</h1>');
    expect(await (await markdown()).text()).toBe('# Page');
    expect(calls.page).toBe(2);
  });

  it('computes again after the version changes', async () => {
    let version = 1;
    const { app, calls } = countingApp({ version: () => version });
    await app.fetch(new Request('http://localhost/api/countries?code=fr'));
    version = 2;
    await app.fetch(new Request('http://localhost/api/countries?code=fr'));
    expect(calls.countries).toBe(2);
  });

  it('does not fill the cache from a HEAD or from a request with a body', async () => {
    const { app, calls } = countingApp();
    const head = await app.fetch(new Request('http://localhost/api/countries?code=fr', { method: 'HEAD' }));
    expect([head.status, await head.text()]).toEqual([200, '']);
    const get = await app.fetch(new Request('http://localhost/api/countries?code=fr'));
    expect((await get.json()) as unknown).toMatchObject({ code: 'fr' });
    expect(calls.countries).toBe(2);
    const again = await app.fetch(new Request('http://localhost/api/countries?code=fr', { method: 'HEAD' }));
    expect([again.status, again.headers.get('etag')]).toEqual([200, get.headers.get('etag')]);
    expect(calls.countries).toBe(2);
  });

  it('still authenticates and rate-limits every request, kept answers included', async () => {
    const calls = { routes: 0, authentications: 0 };
    const app = createKitApp({
      routes: { 'GET /api/catalogue': defineAPI({ handler: async () => ({ calls: ++calls.routes }) }) },
      middleware: [
        defineMiddleware({
          name: 'key',
          authenticate: async ({ request, ctx }) => {
            calls.authentications += 1;
            if (request.headers.get('x-api-key') === 'bad') throw new KitError('unauthorized', 'Unknown key.');
            return ctx;
          },
          handler: async ({ next }) => next(),
        }),
      ],
      rateLimit: defineRateLimit({ default: { requests: 3, window: '1m' } }),
      responseCache: { cacheable: (path) => path === '/api/catalogue' },
    });
    const first = await app.fetch(new Request('http://localhost/api/catalogue'));
    const second = await app.fetch(new Request('http://localhost/api/catalogue'));
    expect(await second.json()).toEqual(await first.json());
    expect(second.headers.get('ratelimit-remaining')).toBe('1');
    expect((await app.fetch(new Request('http://localhost/api/catalogue', { headers: { 'x-api-key': 'bad' } }))).status).toBe(401);
    expect((await app.fetch(new Request('http://localhost/api/catalogue'))).status).toBe(429);
    expect([calls.routes, calls.authentications]).toEqual([1, 4]);
  });

  it('refuses, when the app is made, a shared route under a policy', () => {
    expect(() =>
      createKitApp({
        routes: { 'GET /api/report': defineAPI({ cache: 'shared', policy: 'staff', handler: async () => ({}) }) },
        policies: [{ key: 'staff', title: 'Staff only', effect: 'deny', check: async () => ({ applies: false }) }],
      }),
    ).toThrow(/route "GET \/api\/report" is declared cache: 'shared' but is guarded by policy "staff"/);
  });

  it('has no cache, and no stats, when nothing asks for one', () => {
    const app = createKitApp({ routes: { 'GET /api/x': defineAPI({ handler: async () => ({}) }) } });
    expect(app.responseCacheStats()).toBeUndefined();
  });
});
