import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createKitApp } from './create-kit-app.js';
import { KitError } from '../errors/kit-error.js';
import { defineAPI } from '../definitions/define-api.js';
import { defineMiddleware } from '../definitions/define-middleware.js';
import { definePolicy } from '../definitions/define-policy.js';
import { getWithJson, sendRaw } from '../../../../test-support/http.js';

const search = defineAPI({
  description: 'Finds things.',
  input: z.strictObject({ q: z.string().min(1).max(500), limit: z.number().int().min(1).max(50).default(10) }),
  output: z.strictObject({ query: z.string(), limit: z.number() }),
  handler: async ({ input }) => ({ query: input.q, limit: input.limit }),
});

function makeApp() {
  return createKitApp({
    info: { title: 'test', version: '1.0.0' },
    routes: { 'GET /api/search': search, 'GET /api/health': defineAPI({ handler: async () => ({ status: 'ok' }) }) },
  });
}

const call = (app: ReturnType<typeof makeApp>, path: string, init?: RequestInit) => app.fetch(new Request(`http://test${path}`, init));

/** Starts the app on loopback for the duration of `run`. */
async function withServer(run: (base: string) => Promise<void>): Promise<void> {
  const server = await makeApp().listen({ port: 0 });
  try {
    await run(`http://127.0.0.1:${server.port}`);
  } finally {
    await server.close();
  }
}

describe('createKitApp', () => {
  it('serves its OpenAPI document at /openapi.json, with an ETag, HEAD and a 405 for other methods', async () => {
    const app = makeApp();
    const response = await call(app, '/openapi.json');
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; info: { title: string }; paths: Record<string, unknown> };
    expect(document).toEqual(app.openapi());
    expect(document.info.title).toBe('test');
    expect(Object.keys(document.paths)).toEqual(['/api/search', '/api/health']);
    const etag = response.headers.get('etag') ?? '';
    expect((await call(app, '/openapi.json', { headers: { 'If-None-Match': etag } })).status).toBe(304);
    expect((await call(app, '/openapi.json', { method: 'HEAD' })).status).toBe(200);
    const post = await call(app, '/openapi.json', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('lets the app serve its own /openapi.json instead', async () => {
    const app = makeApp();
    app.get('/openapi.json', () => new Response('{"own":true}', { headers: { 'content-type': 'application/json' } }));
    expect(await (await call(app, '/openapi.json')).json()).toEqual({ own: true });
  });

  it('reads parameters from the query string with strict number parsing', async () => {
    const app = makeApp();
    const ok = await call(app, '/api/search?q=agents&limit=5');
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ query: 'agents', limit: 5 });
    for (const bad of ['5.5', 'abc', '', '1e1', '05', ' 5']) {
      const response = await call(app, `/api/search?q=x&limit=${encodeURIComponent(bad)}`);
      expect(response.status, bad).toBe(400);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      const problem = await response.json();
      expect(problem.errors[0].field).toBe('limit');
    }
  });

  it('reads parameters from a JSON body on GET and merges it with the query string', () =>
    withServer(async (base) => {
      expect((await getWithJson(`${base}/api/search`, { q: 'agents', limit: 3 })).json()).toEqual({ query: 'agents', limit: 3 });
      expect((await getWithJson(`${base}/api/search?limit=3`, { q: 'agents', limit: 3 })).status).toBe(200);
      const conflict = await getWithJson(`${base}/api/search?limit=4`, { q: 'agents', limit: 3 });
      expect(conflict.status).toBe(400);
      expect(conflict.json().errors).toEqual([{ field: 'limit', message: expect.stringContaining('different values') }]);
    }));

  it('rejects unknown fields by name, in either place', () =>
    withServer(async (base) => {
      const fromQuery = (await sendRaw(`${base}/api/search?q=a&colour=red`)).json();
      expect(fromQuery.status).toBe(400);
      expect(fromQuery.errors).toEqual([{ field: 'colour', message: expect.stringContaining('not a known field') }]);
      const fromBody = (await getWithJson(`${base}/api/search`, { q: 'a', extra: 1 })).json();
      expect(fromBody.errors[0].field).toBe('extra');
    }));

  it('answers bodies that are not JSON objects with 400, 413 or 415', () =>
    withServer(async (base) => {
      const url = `${base}/api/search`;
      expect((await getWithJson(url, '{nope')).status).toBe(400);
      expect((await getWithJson(url, '[1,2]')).status).toBe(400);
      expect((await getWithJson(url, '"text"')).status).toBe(400);
      const form = await sendRaw(url, { body: 'q=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(form.status).toBe(415);
      expect(form.headers['content-type']).toContain('application/problem+json');
      expect((await getWithJson(url, { q: 'x'.repeat(70 * 1024) })).status).toBe(413);
      expect((await sendRaw(url, { body: Buffer.from([0x7b, 0xff, 0x7d]), headers: { 'content-type': 'application/json' } })).status).toBe(
        400,
      );
      const deep = await getWithJson(url, `{"q":"a","x":${'['.repeat(5000)}${']'.repeat(5000)}}`);
      expect(deep.status).toBe(400);
      expect(deep.json().errors).toEqual([{ field: 'body', message: 'nests deeper than 32 levels' }]);
      const deepConflict = await getWithJson(`${url}?x=1`, `{"q":"a","x":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}}`);
      expect(deepConflict.status).toBe(400);
    }));

  it('gives repeated query parameters a 400', async () => {
    const response = await call(makeApp(), '/api/search?q=a&q=b');
    expect(response.status).toBe(400);
    expect((await response.json()).errors[0]).toMatchObject({ field: 'q' });
  });

  it('answers HEAD like GET without a body, and other methods with 405 and Allow', async () => {
    const app = makeApp();
    const head = await call(app, '/api/health', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const post = await call(app, '/api/health', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect((await post.json()).type).toBe('/problems/method-not-allowed');
  });

  it('answers unknown paths with a 404 problem', async () => {
    const response = await call(makeApp(), '/nowhere');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ status: 404, type: '/problems/not-found' });
  });

  it('tags every 200 with an ETag and answers a matching If-None-Match with 304', async () => {
    const app = makeApp();
    const first = await call(app, '/api/search?q=agents');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await call(app, '/api/search?q=agents', { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const other = await call(app, '/api/search?q=other', { headers: { 'if-none-match': etag! } });
    expect(other.status).toBe(200);
  });

  it('keeps a valid X-Request-Id and makes one otherwise', async () => {
    const app = makeApp();
    expect((await call(app, '/api/health', { headers: { 'x-request-id': 'abc-123' } })).headers.get('x-request-id')).toBe('abc-123');
    expect((await call(app, '/api/health', { headers: { 'x-request-id': '<script>' } })).headers.get('x-request-id')).toMatch(
      /^[0-9a-f-]{36}$/,
    );
  });

  it('runs middleware outermost first, around routes and raw endpoints', async () => {
    const order: string[] = [];
    const app = createKitApp({
      middleware: [
        defineMiddleware({
          name: 'outer',
          handler: async ({ next }) => {
            order.push('outer');
            const r = await next();
            r.headers.set('x-outer', '1');
            return r;
          },
        }),
        defineMiddleware(async ({ next }) => {
          order.push('inner');
          return next();
        }),
      ],
      routes: {
        'GET /api/health': defineAPI({
          handler: async () => {
            order.push('handler');
            return { status: 'ok' };
          },
        }),
      },
    });
    app.get('/raw', () => new Response('raw'));
    const response = await app.fetch(new Request('http://test/api/health'));
    expect(order).toEqual(['outer', 'inner', 'handler']);
    expect(response.headers.get('x-outer')).toBe('1');
    expect(await (await app.fetch(new Request('http://test/raw'))).text()).toBe('raw');
    expect((await app.fetch(new Request('http://test/raw', { method: 'PUT' }))).status).toBe(405);
  });

  it('enforces the policy a route names', async () => {
    const app = createKitApp({
      policies: [
        definePolicy({
          key: 'no-agents',
          title: 'No agents',
          effect: 'deny',
          check: async ({ ctx }) => ({ applies: ctx.authType === 'anonymous', reason: 'sign in first' }),
        }),
      ],
      routes: { 'GET /api/secret': defineAPI({ policy: 'no-agents', handler: async () => ({ secret: 1 }) }) },
    });
    const response = await app.fetch(new Request('http://test/api/secret'));
    expect(response.status).toBe(403);
    expect((await response.json()).detail).toContain('sign in first');
  });

  it('never leaks a handler crash: 500 problem without message or stack', async () => {
    const app = createKitApp({
      routes: {
        'GET /api/boom': defineAPI({
          handler: async () => {
            throw new Error('/etc/secret at line 3');
          },
        }),
      },
    });
    const response = await app.fetch(new Request('http://test/api/boom'));
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain('/etc/secret');
    expect(text).not.toContain('at ');
  });

  it('serves over real HTTP on loopback', async () => {
    const server = await makeApp().listen({ port: 0 });
    try {
      const response = await fetch(`http://127.0.0.1:${server.port}/api/search?q=hello`);
      expect(await response.json()).toEqual({ query: 'hello', limit: 10 });
    } finally {
      await server.close();
    }
  });
});

describe('createKitApp unexpected errors', () => {
  const failing = defineAPI({
    handler: async (): Promise<{ ok: boolean }> => {
      throw new Error('database connection string missing');
    },
  });

  it('answers a bare 500 and tells onError the error with the request context', async () => {
    const seen: { message: string; requestId: string; path: string }[] = [];
    const app = createKitApp({
      routes: { 'GET /api/boom': failing },
      onError: (error, ctx) =>
        seen.push({ message: (error as Error).message, requestId: ctx.requestId, path: new URL(ctx.request.url).pathname }),
    });
    const response = await app.fetch(new Request('http://test/api/boom', { headers: { 'X-Request-Id': 'req-42' } }));
    expect(response.status).toBe(500);
    expect(JSON.stringify(await response.json())).not.toContain('database');
    expect(seen).toEqual([{ message: 'database connection string missing', requestId: 'req-42', path: '/api/boom' }]);
  });

  it('does not report the errors a caller causes, and survives a throwing reporter', async () => {
    let reports = 0;
    const app = createKitApp({
      routes: {
        'GET /api/boom': failing,
        'GET /api/hello': defineAPI({ input: z.strictObject({ name: z.string() }), handler: async ({ input }) => ({ hi: input.name }) }),
      },
      onError: () => {
        reports++;
        throw new Error('reporter down');
      },
    });
    expect((await app.fetch(new Request('http://test/api/hello'))).status).toBe(400);
    expect(reports).toBe(0);
    expect((await app.fetch(new Request('http://test/api/boom'))).status).toBe(500);
    expect(reports).toBe(1);
  });
});

describe('errors of other kit packages', () => {
  it('answers an error that converts itself with toKitError() as that problem, not a 500', async () => {
    class StoreError extends Error {
      toKitError() {
        return new KitError('conflict', 'ticket.title is already taken.', { headers: { 'X-Conflict': 'title' } });
      }
    }
    const reported: unknown[] = [];
    const app = createKitApp({
      onError: (error) => reported.push(error),
      routes: {
        'POST /api/tickets': defineAPI({
          handler: async () => {
            throw new StoreError('unique violation');
          },
        }),
      },
    });
    const response = await app.fetch(new Request('http://localhost/api/tickets', { method: 'POST' }));
    expect(response.status).toBe(409);
    expect(response.headers.get('x-conflict')).toBe('title');
    expect(await response.json()).toMatchObject({ type: '/problems/conflict', detail: 'ticket.title is already taken.' });
    expect(reported).toEqual([]);
  });
});

describe('KitConfig.notFound', () => {
  it('answers the URLs no endpoint serves, after the middleware, and leaves endpoints and 405s alone', async () => {
    const seen: string[] = [];
    const app = createKitApp({
      routes: { 'GET /api/health': defineAPI({ handler: async () => ({ status: 'ok' }) }) },
      middleware: [defineMiddleware({ name: 'tag', handler: async ({ ctx, next }) => next({ ...ctx, authType: 'human' }) })],
      notFound: (request, ctx) => {
        seen.push(`${new URL(request.url).pathname} ${ctx.authType}`);
        return new Response('<h1>Not here</h1>', { status: 404, headers: { 'content-type': 'text/html' } });
      },
    });
    const missing = await app.fetch(new Request('http://test/nowhere'));
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('<h1>Not here</h1>');
    expect(missing.headers.get('x-request-id')).toBeTruthy();
    expect((await app.fetch(new Request('http://test/api/health'))).status).toBe(200);
    expect((await app.fetch(new Request('http://test/api/health', { method: 'POST' }))).status).toBe(405);
    expect(seen).toEqual(['/nowhere human']);
  });

  it('turns an error thrown by the handler into a problem document', async () => {
    const app = createKitApp({
      routes: {},
      notFound: () => {
        throw new KitError('not_found', 'No page at /x.');
      },
    });
    const response = await app.fetch(new Request('http://test/x'));
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ detail: 'No page at /x.' });
  });
});
