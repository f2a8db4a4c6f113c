import { createKitApp, defineAPI, defineRateLimit, type KitContext, type KitServer } from '@kit/kit-core';
import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { rejectionOf, thrownBy } from '../../../../test-support/rejection.js';
import { generateApiKey } from '../api-key/api-key.js';
import { KitAuthError } from '../errors/kit-auth-error.js';
import { signSession } from '../session/sign-session.js';
import type { ApiKeyRecord, AuthFinders, AuthMiddlewareConfig } from './auth-config.js';
import { createAuthMiddleware } from './create-auth-middleware.js';

const sessionSecret = 'middleware-test-secret-of-32-characters';
const agentKey = generateApiKey();
const revokedKey = generateApiKey();
const expiredKey = generateApiKey();
const keys = new Map<string, ApiKeyRecord>([
  [agentKey.prefix, { subject: 'agent:triage-bot', hash: agentKey.hash, permissions: ['tickets:read', 'comments:create'] }],
  [revokedKey.prefix, { subject: 'agent:old-bot', hash: revokedKey.hash, revoked: true }],
  [expiredKey.prefix, { subject: 'agent:temp-bot', hash: expiredKey.hash, expiresAt: '2020-01-01T00:00:00Z' }],
]);
const finders: AuthFinders = { findApiKey: (prefix) => keys.get(prefix) ?? null };

const whoami = defineAPI({
  input: z.object({}),
  cache: 'no-store',
  handler: async ({ ctx }) => ({
    authType: ctx.authType,
    subject: ctx.auth?.subject ?? null,
    method: ctx.auth?.method ?? null,
    permissions: ctx.auth?.permissions ?? [],
  }),
});

function appWith(
  config: AuthMiddlewareConfig = { sessionSecret },
  appFinders: AuthFinders = finders,
  rateLimit?: ReturnType<typeof defineRateLimit>,
) {
  return createKitApp({
    middleware: [createAuthMiddleware(config, appFinders)],
    routes: { 'GET /api/whoami': whoami, 'POST /api/whoami': whoami },
    ...(rateLimit ? { rateLimit } : {}),
  });
}

const app = appWith();
const call = (headers: Record<string, string> = {}) => app.fetch(new Request('http://localhost/api/whoami', { headers }));
const post = (headers: Record<string, string> = {}) =>
  app.fetch(
    new Request('http://localhost/api/whoami', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' }),
  );

async function expectRefusal(response: Response, detail: string | RegExp, status = 401) {
  const body = (await response.json()) as { status: number; type: string; detail: string };
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  expect(body.status).toBe(status);
  if (typeof detail === 'string') expect(body.detail).toContain(detail);
  else expect(body.detail).toMatch(detail);
  if (status === 401) expect(response.headers.get('www-authenticate')).toMatch(/^(Bearer|DPoP) error="invalid_token"$/);
  return body;
}

describe('createAuthMiddleware resolution (over fetch)', () => {
  it('leaves a request without credentials anonymous', async () => {
    expect(await (await call()).json()).toEqual({ authType: 'anonymous', subject: null, method: null, permissions: [] });
    expect(await (await call({ authorization: 'Basic dXNlcjpwYXNz' })).json()).toMatchObject({ authType: 'anonymous' });
  });

  it('resolves a session cookie or a Bearer JWT to a human', async () => {
    const token = await signSession({ sub: 'user_42', permissions: ['tickets:*', 7] }, sessionSecret);
    const expected = { authType: 'human', subject: 'user_42', method: 'session', permissions: ['tickets:*'] };
    expect(await (await call({ cookie: `theme=dark; kit_session=${token}; other=1` })).json()).toEqual(expected);
    expect(await (await call({ authorization: `Bearer ${token}` })).json()).toEqual(expected);
  });

  it('resolves an API key in Authorization or X-API-Key to an agent', async () => {
    const expected = {
      authType: 'agent',
      subject: 'agent:triage-bot',
      method: 'api_key',
      permissions: ['tickets:read', 'comments:create'],
    };
    expect(await (await call({ authorization: `Bearer ${agentKey.key}` })).json()).toEqual(expected);
    expect(await (await call({ 'x-api-key': agentKey.key })).json()).toEqual(expected);
  });

  it('prefers an API key over a session', async () => {
    const token = await signSession({ sub: 'user_42' }, sessionSecret);
    expect(
      await (await call({ 'x-api-key': agentKey.key, authorization: `Bearer ${token}`, cookie: `kit_session=${token}` })).json(),
    ).toMatchObject({ authType: 'agent' });
    expect(await (await call({ authorization: `Bearer ${agentKey.key}`, cookie: `kit_session=${token}` })).json()).toMatchObject({
      authType: 'agent',
    });
  });

  it('takes the subject and permissions from findUser, and refuses a user that no longer exists', async () => {
    const users = new Map([['user_1', { subject: 'people/ada', permissions: ['docs:read'] }]]);
    const withUsers = appWith({ sessionSecret }, { findUser: (claims) => users.get(String(claims.sub)) ?? null });
    const ada = await signSession({ sub: 'user_1', permissions: ['*'] }, sessionSecret);
    const gone = await signSession({ sub: 'user_2' }, sessionSecret);
    const ok = await withUsers.fetch(new Request('http://localhost/api/whoami', { headers: { authorization: `Bearer ${ada}` } }));
    expect(await ok.json()).toEqual({ authType: 'human', subject: 'people/ada', method: 'session', permissions: ['docs:read'] });
    const refused = await withUsers.fetch(new Request('http://localhost/api/whoami', { headers: { authorization: `Bearer ${gone}` } }));
    await expectRefusal(refused, `The session's user ("user_2") no longer exists`);
  });
});

describe('createAuthMiddleware refusals (over fetch)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses a bad API key naming its prefix only', async () => {
    const wrongSecret = `${agentKey.prefix}_${'A'.repeat(43)}`;
    const body = await expectRefusal(
      await call({ authorization: `Bearer ${wrongSecret}` }),
      `The API key ${agentKey.prefix}… is not valid`,
    );
    expect(JSON.stringify(body)).not.toContain('A'.repeat(20));
    const unknown = generateApiKey();
    await expectRefusal(await call({ 'x-api-key': unknown.key }), `The API key ${unknown.prefix}… is not valid`);
    await expectRefusal(await call({ 'x-api-key': 'kit_nope' }), 'is not a kit API key');
    await expectRefusal(await call({ 'x-api-key': revokedKey.key }), 'was revoked');
    await expectRefusal(await call({ 'x-api-key': expiredKey.key }), 'expired at 2020-01-01T00:00:00.000Z');
    await expectRefusal(await call({ 'x-api-key': agentKey.key, authorization: `Bearer ${unknown.key}` }), 'two different API keys');
  });

  it('lets a reading request with a stale or forged session cookie go on as anonymous', async () => {
    const expired = await new SignJWT({ sub: 'user_42' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(1_000)
      .setExpirationTime(2_000)
      .sign(new TextEncoder().encode(sessionSecret));
    for (const cookie of [`kit_session=${expired}`, 'kit_session=garbage']) {
      const response = await call({ cookie });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ authType: 'anonymous', subject: null });
    }
  });

  it('refuses bad sessions, clearing a bad cookie on a request that changes state', async () => {
    const tampered = (await signSession({ sub: 'user_42' }, sessionSecret)).replace(
      /\.(.)([^.]*)$/,
      (_, first: string, rest: string) => `.${first === 'A' ? 'B' : 'A'}${rest}`,
    );
    await expectRefusal(await call({ authorization: `Bearer ${tampered}` }), 'signature does not match');
    const expired = await new SignJWT({ sub: 'user_42' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(1_000)
      .setExpirationTime(2_000)
      .sign(new TextEncoder().encode(sessionSecret));
    const response = await post({ cookie: `kit_session=${expired}` });
    expect(response.headers.get('set-cookie')).toBe('kit_session=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0');
    await expectRefusal(response, 'The session expired at 1970-01-01T00:33:20.000Z');
    await expectRefusal(await post({ cookie: 'kit_session=garbage' }), 'is not a JWT');
    const noSub = await signSession({ name: 'Ada' }, sessionSecret);
    await expectRefusal(await call({ authorization: `Bearer ${noSub}` }), 'no sub claim');
    await expectRefusal(await call({ authorization: 'Bearer' }), 'does not carry one credential');
    await expectRefusal(await call({ authorization: 'bearer two words' }), 'names the bearer scheme');
  });

  it('refuses a session that expires after it was first accepted', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const token = await signSession({ sub: 'user_short' }, sessionSecret, 60);
    expect(await (await call({ cookie: `kit_session=${token}` })).json()).toMatchObject({ authType: 'human', subject: 'user_short' });
    expect(await (await call({ cookie: `kit_session=${token}` })).json()).toMatchObject({ authType: 'human' });
    vi.setSystemTime(Date.now() + 61_000);
    await expectRefusal(await post({ cookie: `kit_session=${token}` }), 'The session expired at');
    expect(await (await call({ cookie: `kit_session=${token}` })).json()).toMatchObject({ authType: 'anonymous' });
  });

  it('refuses the signature of a cached session moved onto other claims', async () => {
    const token = await signSession({ sub: 'user_42' }, sessionSecret);
    expect(await (await call({ authorization: `Bearer ${token}` })).json()).toMatchObject({ authType: 'human', subject: 'user_42' });
    const [header, , signature] = token.split('.');
    const claims = Buffer.from(JSON.stringify({ sub: 'admin', iat: 1, exp: 4_000_000_000 })).toString('base64url');
    await expectRefusal(await call({ authorization: `Bearer ${header}.${claims}.${signature}` }), 'signature does not match');
    expect(await (await call({ authorization: `Bearer ${token}` })).json()).toMatchObject({ authType: 'human', subject: 'user_42' });
  });

  it('refuses session tokens where no sessionSecret is set, but ignores a stray cookie', async () => {
    const keysOnly = appWith({}, finders);
    const token = await signSession({ sub: 'user_42' }, sessionSecret);
    const byHeader = await keysOnly.fetch(new Request('http://localhost/api/whoami', { headers: { authorization: `Bearer ${token}` } }));
    await expectRefusal(byHeader, 'accepts no session tokens');
    const byCookie = await keysOnly.fetch(new Request('http://localhost/api/whoami', { headers: { cookie: `kit_session=${token}` } }));
    expect(await byCookie.json()).toMatchObject({ authType: 'anonymous' });
  });

  it('reads a renamed cookie', async () => {
    const renamed = appWith({ sessionSecret, cookieName: 'app_session' });
    const token = await signSession({ sub: 'user_42' }, sessionSecret);
    const response = await renamed.fetch(
      new Request('http://localhost/api/whoami', { headers: { cookie: `kit_session=x; app_session=${token}` } }),
    );
    expect(await response.json()).toMatchObject({ authType: 'human', subject: 'user_42' });
  });
});

describe('createAuthMiddleware over real HTTP', () => {
  let server: KitServer;
  let base: string;
  const limits = defineRateLimit({
    default: { requests: 4, window: '1m' },
    perAuthType: { anonymous: { requests: 2, window: '1m' }, agent: { requests: 5, window: '1m' } },
  });

  beforeAll(async () => {
    server = await appWith().listen({ port: 0 });
    base = `http://127.0.0.1:${server.port}`;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('resolves each auth type and refuses bad credentials with a 401 problem', async () => {
    const token = await signSession({ sub: 'user_7' }, sessionSecret);
    const human = await fetch(`${base}/api/whoami`, { headers: { cookie: `kit_session=${token}` } });
    expect(await human.json()).toMatchObject({ authType: 'human', subject: 'user_7' });
    const bad = await fetch(`${base}/api/whoami`, { headers: { authorization: `Bearer ${token}x` } });
    await expectRefusal(bad, 'signature does not match');
  });

  it('counts rate limits by the resolved auth type: an agent and an anonymous caller have their own limits', async () => {
    const limited = await appWith({ sessionSecret }, finders, limits).listen({ port: 0 });
    try {
      const statuses = async (headers: Record<string, string>, times: number) => {
        const result: number[] = [];
        for (let i = 0; i < times; i += 1) {
          const response = await fetch(`http://127.0.0.1:${limited.port}/api/whoami`, { headers });
          await response.arrayBuffer();
          result.push(response.status);
        }
        return result;
      };
      expect(await statuses({}, 3)).toEqual([200, 200, 429]);
      expect(await statuses({ 'x-api-key': agentKey.key }, 6)).toEqual([200, 200, 200, 200, 200, 429]);
      const token = await signSession({ sub: 'user_7' }, sessionSecret);
      expect(await statuses({ cookie: `kit_session=${token}` }, 5)).toEqual([200, 200, 200, 200, 429]);
      // A bad key is counted as anonymous, whose budget is spent: guessing keys is throttled.
      expect(await statuses({ 'x-api-key': generateApiKey().key }, 1)).toEqual([429]);
      const headers = await fetch(`http://127.0.0.1:${limited.port}/api/whoami`, { headers: { 'x-api-key': agentKey.key } });
      expect(headers.headers.get('ratelimit-limit')).toBe('5');
      await headers.arrayBuffer();
    } finally {
      await limited.close();
    }
  });
});

describe('createAuthMiddleware as a plain middleware', () => {
  it('passes the resolved context to next, and throws the 401 KitError', async () => {
    const middleware = createAuthMiddleware({ sessionSecret }, finders);
    const request = new Request('http://localhost/x', { headers: { 'x-api-key': agentKey.key } });
    const ctx: KitContext = { requestId: 'r1', authType: 'anonymous', request };
    let seen: KitContext | undefined;
    const response = await middleware.handler({ request, ctx, next: async (next) => ((seen = next), new Response('ok')) });
    expect(await response.text()).toBe('ok');
    expect(seen).toMatchObject({
      requestId: 'r1',
      authType: 'agent',
      auth: { subject: 'agent:triage-bot', method: 'api_key', claims: { prefix: agentKey.prefix } },
    });
    const badRequest = new Request('http://localhost/x', { headers: { 'x-api-key': generateApiKey().key } });
    const error = await rejectionOf(
      middleware.handler({ request: badRequest, ctx: { ...ctx, request: badRequest }, next: async () => new Response('never') }),
      Error,
    );
    expect(error).toMatchObject({ name: 'KitError', code: 'unauthorized', status: 401 });
    expect(error.cause).toBeInstanceOf(KitAuthError);
    expect(middleware.name).toBe('kit-auth');
  });
});

describe('createAuthMiddleware configuration', () => {
  const configError = (config: AuthMiddlewareConfig, appFinders: AuthFinders = {}) =>
    thrownBy(() => createAuthMiddleware(config, appFinders), KitAuthError);

  it('refuses mistakes at creation with invalid_config', () => {
    expect(configError({}).message).toContain('nothing to authenticate with');
    expect(configError({ sessionSecret: 'short' }).message).toContain('at least 32 characters');
    expect(configError({ sessionSecret, cookieName: 'bad name' }).message).toContain('cookieName');
    expect(configError({ sessionSecret, dpop: { maxAgeSeconds: -1 } }).message).toContain('dpop.maxAgeSeconds');
    expect(configError({ sessionSecret, dpop: { replayStore: {} as never } }).message).toContain('dpop.replayStore');
    expect(configError({ mtls: { trustDomains: [] } }).message).toContain('at least one');
    expect(configError({ mtls: { trustDomains: ['spiffe://prod.example.org'] } }).message).toContain('"spiffe://prod.example.org"');
    expect(configError({}, { findUser: () => null }).message).toContain('findUser');
    expect(configError({ sessionSecret }, { findWorkload: () => null }).message).toContain('findWorkload');
    expect(configError({ sessionSecret }, { findApiKey: 'nope' as never }).message).toContain('finders.findApiKey must be a function');
    for (const error of [configError({})]) expect(error.code).toBe('invalid_config');
  });
});

describe('createAuthMiddleware challenges', () => {
  const guarded = (config: AuthMiddlewareConfig, appFinders: AuthFinders = finders) =>
    createKitApp({
      middleware: [createAuthMiddleware(config, appFinders)],
      policies: [
        {
          key: 'signed-in',
          title: 'Signed-in callers only',
          effect: 'deny',
          check: async ({ ctx }) => ({ applies: ctx.auth === undefined, reason: 'present a session or an API key' }),
        },
      ],
      routes: { 'GET /api/private': defineAPI({ policy: 'signed-in', handler: async () => ({ ok: true }) }) },
    });
  const anonymousCall = (target: ReturnType<typeof guarded>) => target.fetch(new Request('http://localhost/api/private'));

  it('asks an anonymous caller for a bearer token or a DPoP-bound one, naming the proof algorithms', async () => {
    const response = await anonymousCall(guarded({ sessionSecret }));
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(
      'Bearer, DPoP algs="ES256 ES384 ES512 RS256 RS384 RS512 PS256 PS384 PS512 EdDSA Ed25519"',
    );
    expect(((await response.json()) as { detail: string }).detail).toBe(
      'Policy "signed-in" refuses anonymous callers: present a session or an API key.',
    );
  });

  it('asks only for DPoP when every request must prove its key', async () => {
    const response = await anonymousCall(guarded({ sessionSecret, dpop: { required: true } }));
    expect(response.headers.get('www-authenticate')).toMatch(/^DPoP algs="/);
  });

  it('keeps the specific challenge of bad credentials', async () => {
    const response = await guarded({ sessionSecret }).fetch(
      new Request('http://localhost/api/private', { headers: { authorization: 'Bearer kit_nope_0000' } }),
    );
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
  });

  it('asks for nothing where credentials come only with the TLS connection: the refusal stays 403', async () => {
    const response = await anonymousCall(guarded({ mtls: { trustDomains: ['prod.example.org'] } }, { findWorkload: () => null }));
    expect(response.status).toBe(403);
    expect(response.headers.get('www-authenticate')).toBeNull();
  });
});
