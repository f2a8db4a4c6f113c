/**
 * Regression tests: a state-changing request that another site's page made a
 * browser send (another port of the same host included) is refused before anything runs, whether it
 * reaches a `defineAPI` route, a mounted handler or a form endpoint, with or without a cookie. Over
 * real HTTP on loopback; the same in Chromium is in cross-site.browser.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sendRaw, type RawResponse } from '../../../../test-support/http.js';
import { defineAPI } from '../definitions/define-api.js';
import { defineMiddleware } from '../definitions/define-middleware.js';
import { createKitApp } from './create-kit-app.js';
import type { KitServer } from './kit-app.js';

/** Every effect a request had, in order. */
const effects: string[] = [];

const app = createKitApp({
  routes: {
    // Input in the query string and no body: the shape of the forged approval in the incident.
    'POST /api/approvals/:id/decision': defineAPI({
      input: z.strictObject({ id: z.string(), approved: z.boolean() }),
      handler: async ({ input }) => {
        effects.push(`decided ${input.id} ${input.approved}`);
        return { ok: true };
      },
    }),
    'DELETE /api/keys/:id': defineAPI({
      input: z.strictObject({ id: z.string() }),
      handler: async ({ input }) => (effects.push(`revoked ${input.id}`), { ok: true }),
    }),
    'GET /api/keys': defineAPI({ handler: async () => ({ keys: [] }) }),
  },
  trustedOrigins: ['https://admin.example.com'],
  middleware: [
    defineMiddleware({
      name: 'session',
      authenticate: async ({ request, ctx }) => {
        effects.push('authenticated');
        return request.headers.get('cookie')?.includes('session=') ? { ...ctx, authType: 'human' } : ctx;
      },
      handler: async ({ next }) => next(),
    }),
  ],
});
app.mount('/auth/login', ['POST'], async () => {
  effects.push('signed in');
  return new Response(null, { status: 303, headers: { Location: '/', 'Set-Cookie': 'session=attacker; Path=/; SameSite=Lax' } });
});
app.mount(
  '/auth/logout',
  ['POST'],
  async () => (effects.push('signed out'), new Response(null, { status: 303, headers: { Location: '/login' } })),
);

let server: KitServer;
let base: string;
let own: string;
beforeAll(async () => {
  server = await app.listen({ port: 0 });
  base = `http://127.0.0.1:${server.port}`;
  own = base;
});
afterAll(() => server.close());

/** Another origin of the same site: the same host on another port. */
const sibling = () => `http://127.0.0.1:${server.port === 65535 ? 65534 : server.port + 1}`;

async function post(path: string, headers: Record<string, string>, method = 'POST'): Promise<RawResponse> {
  effects.length = 0;
  return sendRaw(`${base}${path}`, { method, headers });
}

function expectRefused(response: RawResponse): string {
  expect(response.status).toBe(403);
  expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  const problem = response.json() as { type: string; detail: string };
  expect(problem.type).toBe('/problems/forbidden');
  // Refused before authentication and before the handler: nothing ran.
  expect(effects).toEqual([]);
  return problem.detail;
}

describe('unsafe requests from another origin', () => {
  it('refuses a cookie-carrying approval from another port of the same host, naming the origin and the setting', async () => {
    const detail = expectRefused(
      await post('/api/approvals/a1/decision?approved=true', { cookie: 'session=victim', origin: sibling(), 'content-type': 'text/plain' }),
    );
    expect(detail).toBe(
      `Cross-site request refused: POST "/api/approvals/a1/decision" comes from a page at "${sibling()}", not from this app, so another site may have forged it; if that page may act on this app, add "${sibling()}" to trustedOrigins of createKitApp (kit.config.ts).`,
    );
  });

  it('refuses by Sec-Fetch-Site when there is no Origin, for routes and mounted handlers alike', async () => {
    const detail = expectRefused(await post('/api/keys/k1', { cookie: 'session=victim', 'sec-fetch-site': 'same-site' }, 'DELETE'));
    expect(detail).toContain('comes from a page of another site (Sec-Fetch-Site: "same-site")');
    expectRefused(await post('/auth/logout', { cookie: 'session=victim', 'sec-fetch-site': 'cross-site' }));
  });

  it('protects sign-in, which has no cookie yet, and refuses Origin: null', async () => {
    expectRefused(await post('/auth/login', { origin: 'https://attacker.example', 'content-type': 'application/x-www-form-urlencoded' }));
    expectRefused(await post('/auth/login', { origin: 'null', 'sec-fetch-site': 'cross-site' }));
    expectRefused(await post('/auth/login', { origin: 'null' }));
  });

  it('does not count an HTTP Basic credential, which a browser adds by itself, as the caller’s own', async () => {
    expectRefused(await post('/api/keys/k1', { authorization: 'Basic YWRhOnB3', origin: sibling() }, 'DELETE'));
    // A cookie beside an API key: the cookie could be what authenticates it.
    expectRefused(
      await post('/api/keys/k1', { authorization: 'Bearer kit_abc_def', cookie: 'session=victim', origin: sibling() }, 'DELETE'),
    );
  });
});

describe('requests that go through', () => {
  it('lets the app’s own pages post, by Origin or by Sec-Fetch-Site', async () => {
    expect((await post('/api/approvals/a1/decision?approved=true', { cookie: 'session=me', origin: own })).status).toBe(200);
    expect(effects).toEqual(['authenticated', 'decided a1 true']);
    expect((await post('/auth/login', { origin: own, 'sec-fetch-site': 'same-origin' })).status).toBe(303);
    expect((await post('/auth/logout', { cookie: 'session=me', 'sec-fetch-site': 'same-origin' })).status).toBe(303);
    // Sec-Fetch-Site is what the browser knows; a proxy that changed Host does not fool it.
    expect(
      (await post('/auth/logout', { cookie: 'session=me', origin: 'https://public.example', 'sec-fetch-site': 'same-origin' })).status,
    ).toBe(303);
  });

  it('lets programs through: no Origin and no Sec-Fetch-Site is not a browser’s cross-site request', async () => {
    expect((await post('/api/keys/k1', { cookie: 'session=me' }, 'DELETE')).status).toBe(200);
    expect(effects).toEqual(['authenticated', 'revoked k1']);
  });

  it('lets an API key or DPoP token without a cookie through whatever its Origin', async () => {
    expect(
      (
        await post(
          '/api/keys/k1',
          { authorization: 'Bearer kit_abc_def', origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' },
          'DELETE',
        )
      ).status,
    ).toBe(200);
    expect((await post('/api/keys/k2', { authorization: 'DPoP eyJ.token', dpop: 'eyJ.proof', origin: sibling() }, 'DELETE')).status).toBe(
      200,
    );
    expect((await post('/api/keys/k3', { 'x-api-key': 'kit_abc_def', origin: sibling() }, 'DELETE')).status).toBe(200);
  });

  it('lets trusted origins through, and leaves safe methods alone', async () => {
    expect((await post('/auth/login', { origin: 'https://admin.example.com', 'sec-fetch-site': 'cross-site' })).status).toBe(303);
    expect(
      (await sendRaw(`${base}/api/keys`, { headers: { cookie: 'session=me', origin: sibling(), 'sec-fetch-site': 'same-site' } })).status,
    ).toBe(200);
  });

  it('checks trustedOrigins when the app is made', () => {
    expect(() => createKitApp({ routes: {}, trustedOrigins: ['admin.example.com'] })).toThrow(
      'createKitApp: trustedOrigins must hold origins such as "https://admin.example.com" (scheme, host and optional port, no path), got "admin.example.com"',
    );
    expect(() => createKitApp({ routes: {}, trustedOrigins: ['https://admin.example.com/app'] })).toThrow('no path');
    // Written as a browser would not (upper case, default port), it is still matched as browsers send it.
    const lenient = createKitApp({ routes: {}, trustedOrigins: ['HTTPS://Admin.Example.com:443'] });
    lenient.mount('/x', ['POST'], () => new Response('ok'));
    return lenient
      .fetch(new Request('http://local/x', { method: 'POST', headers: { origin: 'https://admin.example.com' } }))
      .then((response) => expect(response.status).toBe(200));
  });
});
