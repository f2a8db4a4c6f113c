/**
 * Kept answers given straight from Node by `app.requestListener()` (and so `listen()`): only when
 * nothing in the app must see every request, with the same answer the app would give.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sendRaw } from '../../../../test-support/http.js';
import { createKitApp } from '../app/create-kit-app.js';
import type { KitApp } from '../app/kit-app.js';
import { defineAPI } from '../definitions/define-api.js';
import { defineMiddleware } from '../definitions/define-middleware.js';
import { defineRateLimit } from '../rate-limit/define-rate-limit.js';
import type { KitConfig } from '../definitions/define-config.js';

const servers: Server[] = [];
/** Headers the test server adds to every answer, copied per request since the listener completes them; the answer's own win. */
const serverHeaders = { 'x-served-by': 'test', 'x-content-type-options': 'overridden' };
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
});

/** Serves `app` through its request listener, counting the requests that reached the app. */
async function serve(config: KitConfig, setup?: (app: KitApp) => void): Promise<{ base: string; app: KitApp; reachedApp: () => number }> {
  let reached = 0;
  const app = createKitApp({
    ...config,
    middleware: [
      ...(config.middleware ?? []),
      defineMiddleware({
        name: 'count',
        handler: async ({ next }) => {
          reached += 1;
          return next();
        },
      }),
    ],
  });
  setup?.(app);
  const listener = app.requestListener();
  const server = createServer((request: IncomingMessage, response: ServerResponse) => listener(request, response, { ...serverHeaders }));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, app, reachedApp: () => reached };
}

const countries = defineAPI({ cache: 'shared', handler: async () => ({ names: ['France', 'Germany'] }) });

describe('answers from Node', () => {
  it('answers a kept answer without the app, with the headers the app gives and its own request id', async () => {
    const { base, app, reachedApp } = await serve({ routes: { 'GET /api/countries': countries } });
    const first = await sendRaw(`${base}/api/countries`);
    const second = await sendRaw(`${base}/api/countries`, { headers: { 'x-request-id': 'caller-7' } });
    expect(reachedApp()).toBe(1);
    expect(second.text).toBe(first.text);
    for (const name of ['content-type', 'etag', 'cache-control', 'x-content-type-options'])
      expect(second.headers[name], name).toBe(first.headers[name]);
    expect(second.headers['x-request-id']).toBe('caller-7');
    expect([first.headers['x-served-by'], second.headers['x-served-by']]).toEqual(['test', 'test']);
    expect([first.headers['x-content-type-options'], second.headers['x-content-type-options']]).toEqual(['nosniff', 'nosniff']);
    expect(second.headers['content-length']).toBe(String(Buffer.byteLength(first.text)));
    const notModified = await sendRaw(`${base}/api/countries`, { headers: { 'if-none-match': String(first.headers.etag) } });
    expect([notModified.status, notModified.text]).toEqual([304, '']);
    const head = await sendRaw(`${base}/api/countries`, { method: 'HEAD' });
    expect([head.status, head.text, head.headers['content-length']]).toEqual([200, '', second.headers['content-length']]);
    expect(reachedApp()).toBe(1);
    expect(app.responseCacheStats()).toMatchObject({ hits: 3, misses: 1, entries: 1 });
  });

  it('leaves requests with a body, and methods other than GET and HEAD, to the app', async () => {
    const { base, reachedApp } = await serve({ routes: { 'GET /api/countries': countries } });
    await sendRaw(`${base}/api/countries`);
    const withBody = await sendRaw(`${base}/api/countries`, { body: '{}', headers: { 'content-type': 'application/json' } });
    expect(withBody.status).toBe(200);
    const post = await sendRaw(`${base}/api/countries`, { method: 'POST' });
    expect([post.status, post.headers.allow]).toEqual([405, 'GET, HEAD']);
    // The first GET, the GET with a body and the POST (whose 405 goes through the middleware too).
    expect(reachedApp()).toBe(3);
  });

  it('gives a HEAD on a path that answers only GET its 405, not the kept answer', async () => {
    const { base, app } = await serve({ routes: {}, responseCache: { cacheable: (path) => path === '/feed' } }, (app) =>
      app.mount('/feed', ['GET'], () => new Response('items')),
    );
    expect((await sendRaw(`${base}/feed`)).text).toBe('items');
    expect((await sendRaw(`${base}/feed`)).text).toBe('items');
    expect(app.responseCacheStats()).toMatchObject({ hits: 1 });
    const head = await sendRaw(`${base}/feed`, { method: 'HEAD' });
    expect([head.status, head.headers.allow]).toEqual([405, 'GET']);
  });

  it('sends every request through the app when it has a rate limit', async () => {
    const { base, reachedApp } = await serve({
      routes: { 'GET /api/countries': countries },
      rateLimit: defineRateLimit({ default: { requests: 100, window: '1m' } }),
    });
    await sendRaw(`${base}/api/countries`);
    const second = await sendRaw(`${base}/api/countries`);
    expect(second.headers['ratelimit-remaining']).toBe('98');
    // The kept answer is given inside the app, after the limit: the middleware ran for the first call only.
    expect(reachedApp()).toBe(1);
  });

  it('sends every request through the app when it authenticates', async () => {
    let authentications = 0;
    const { base } = await serve(
      {
        routes: {},
        responseCache: { cacheable: (path) => path === '/' },
        middleware: [
          defineMiddleware({
            name: 'auth',
            authenticate: async ({ ctx }) => {
              authentications += 1;
              return ctx;
            },
            handler: async ({ next }) => next(),
          }),
        ],
      },
      (app) => app.get('/', () => new Response('home')),
    );
    await sendRaw(`${base}/`);
    await sendRaw(`${base}/`);
    expect(authentications).toBe(2);
  });
});
