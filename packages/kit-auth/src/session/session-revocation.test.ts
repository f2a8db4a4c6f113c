// Sign-out that ends the session: revocation checked by the middleware over real HTTP, on
// two replicas sharing one store, and the session cookie read so that a sibling subdomain cannot plant one.
import { createKitApp, defineAPI, type KitServer } from '@kit/kit-core';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { rejectionOf } from '../../../../test-support/rejection.js';
import { hasRedisServer, startRedis, type TestRedis } from '../../../../test-support/redis-server.js';
import { KitAuthError } from '../errors/kit-auth-error.js';
import { createAuthMiddleware } from '../middleware/create-auth-middleware.js';
import { clearSessionCookie, readSessionCookie } from './session-cookie.js';
import {
  createSessionRevocation,
  MemoryRevocationStore,
  RedisRevocationStore,
  type SessionRevocation,
  type SessionRevocationStore,
} from './session-revocation.js';
import { signSession } from './sign-session.js';
import { verifySession } from './verify-session.js';

const sessionSecret = 'revocation-test-secret-of-32-characters!';

interface Replica {
  readonly base: string;
  readonly revocation: SessionRevocation;
  readonly errors: unknown[];
  close(): Promise<void>;
}

/** One replica of an app: the middleware with revocation, GET/POST /api/whoami, and the sign-out endpoints. */
async function startReplica(store: SessionRevocationStore, cacheSeconds: number): Promise<Replica> {
  const revocation = createSessionRevocation({ store, cacheSeconds });
  const whoami = defineAPI({
    input: z.object({}),
    cache: 'no-store',
    handler: async ({ ctx }) => ({ authType: ctx.authType, subject: ctx.auth?.subject ?? null }),
  });
  const errors: unknown[] = [];
  const app = createKitApp({
    middleware: [createAuthMiddleware({ sessionSecret, revocation })],
    routes: { 'GET /api/whoami': whoami, 'POST /api/whoami': whoami },
    onError: (error) => errors.push(error),
  });
  app.mount('/auth/logout', ['POST'], async (_request, ctx) => {
    if (ctx.auth?.claims) await revocation.revokeSession(ctx.auth.claims);
    return new Response(null, { status: 303, headers: { Location: '/login', 'Set-Cookie': clearSessionCookie({ secure: false }) } });
  });
  app.mount('/auth/logout-everywhere', ['POST'], async (_request, ctx) => {
    if (ctx.auth) await revocation.revokeAllSessions(ctx.auth.subject);
    return new Response(null, { status: 303, headers: { Location: '/login', 'Set-Cookie': clearSessionCookie({ secure: false }) } });
  });
  const server: KitServer = await app.listen({ port: 0 });
  return { base: `http://127.0.0.1:${server.port}`, revocation, errors, close: () => server.close() };
}

async function whoami(
  replica: Replica,
  headers: Record<string, string>,
  method = 'GET',
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${replica.base}/api/whoami`, {
    method,
    headers: method === 'POST' ? { ...headers, 'content-type': 'application/json' } : headers,
    ...(method === 'POST' ? { body: '{}' } : {}),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function signOut(replica: Replica, token: string, path = '/auth/logout'): Promise<number> {
  const response = await fetch(`${replica.base}${path}`, {
    method: 'POST',
    headers: { cookie: `kit_session=${token}` },
    redirect: 'manual',
  });
  await response.arrayBuffer();
  return response.status;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the second `iat` names has passed, so a revocation made now is surely later than the session. */
async function afterIssueSecond(token: string): Promise<void> {
  const { iat } = await verifySession(token, sessionSecret);
  const left = (iat + 1) * 1000 - Date.now();
  if (left > 0) await wait(left + 5);
}

describe('sign-out that ends the session, over real HTTP, on two replicas sharing one store', () => {
  let store: MemoryRevocationStore;
  let first: Replica;
  let second: Replica;
  beforeAll(async () => {
    // One store for both replicas, as a table of their database or a Redis server would be.
    store = new MemoryRevocationStore();
    [first, second] = await Promise.all([startReplica(store, 1), startReplica(store, 1)]);
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });

  it('refuses a signed-out session at once on the replica that signed it out, and within cacheSeconds on the other', async () => {
    const token = await signSession({ sub: 'user_1' }, sessionSecret);
    expect((await whoami(first, bearer(token))).body).toMatchObject({ authType: 'human', subject: 'user_1' });
    expect((await whoami(second, bearer(token))).body).toMatchObject({ authType: 'human', subject: 'user_1' });

    expect(await signOut(first, token)).toBe(303);
    // Before: the token kept working for its seven days.
    const refused = await whoami(first, bearer(token));
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ detail: 'This session was signed out; sign in again.' });
    // The cookie on a page read: the person just reads it signed out. On a write: 401, and the cookie is cleared.
    expect((await whoami(first, { cookie: `kit_session=${token}` })).body).toMatchObject({ authType: 'anonymous' });
    const write = await fetch(`${first.base}/api/whoami`, {
      method: 'POST',
      headers: { cookie: `kit_session=${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(write.status).toBe(401);
    expect(write.headers.get('set-cookie')).toBe('kit_session=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0');
    await write.arrayBuffer();

    // The other replica read "not revoked" less than a second ago; it reads the store again after cacheSeconds.
    await wait(1100);
    expect((await whoami(second, bearer(token))).status).toBe(401);
    // Another session of the same person is untouched.
    const other = await signSession({ sub: 'user_1' }, sessionSecret);
    expect((await whoami(second, bearer(other))).body).toMatchObject({ authType: 'human' });
  });

  it('signs a person out everywhere, but not of a session signed afterwards', async () => {
    const laptop = await signSession({ sub: 'user_2' }, sessionSecret);
    const phone = await signSession({ sub: 'user_2' }, sessionSecret);
    const stranger = await signSession({ sub: 'user_3' }, sessionSecret);
    for (const token of [laptop, phone]) expect((await whoami(second, bearer(token))).body).toMatchObject({ subject: 'user_2' });
    await afterIssueSecond(phone);

    expect(await signOut(first, laptop, '/auth/logout-everywhere')).toBe(303);
    for (const token of [laptop, phone]) expect((await whoami(first, bearer(token))).status).toBe(401);
    const again = await signSession({ sub: 'user_2' }, sessionSecret);
    expect((await whoami(first, bearer(again))).body).toMatchObject({ authType: 'human', subject: 'user_2' });
    expect((await whoami(first, bearer(stranger))).body).toMatchObject({ authType: 'human', subject: 'user_3' });
    await wait(1100);
    for (const token of [laptop, phone]) expect((await whoami(second, bearer(token))).status).toBe(401);
    expect((await whoami(second, bearer(again))).body).toMatchObject({ subject: 'user_2' });
  });
});

describe('createSessionRevocation', () => {
  it('reads the store once per cacheSeconds for a session, and not at all for one it revoked', async () => {
    const store = new MemoryRevocationStore();
    const get = vi.spyOn(store, 'get');
    const revocation = createSessionRevocation({ store, cacheSeconds: 60 });
    const claims = await verifySession(await signSession({ sub: 'user_1' }, sessionSecret), sessionSecret);
    const checks = await Promise.all(Array.from({ length: 20 }, () => revocation.isRevoked(claims)));
    expect(checks.every((revoked) => revoked === false)).toBe(true);
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith([`session:${claims.jti}`, 'subject:user_1']);
    await revocation.revokeSession(claims);
    expect(await revocation.isRevoked(claims)).toBe(true);
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('keeps what it read when the store fails, and refuses to guess about a session it never read', async () => {
    let down = false;
    const inner = new MemoryRevocationStore();
    const store: SessionRevocationStore = {
      set: (key, value, ttlMs) => inner.set(key, value, ttlMs),
      get: async (keys) => {
        if (down) throw new Error('the revocation table cannot be reached');
        return inner.get(keys);
      },
    };
    const revocation = createSessionRevocation({ store, cacheSeconds: 0 });
    const seen = await verifySession(await signSession({ sub: 'user_1' }, sessionSecret), sessionSecret);
    const unseen = await verifySession(await signSession({ sub: 'user_2' }, sessionSecret), sessionSecret);
    expect(await revocation.isRevoked(seen)).toBe(false);
    down = true;
    expect(await revocation.isRevoked(seen)).toBe(false);
    await expect(revocation.isRevoked(unseen)).rejects.toThrow('the revocation table cannot be reached');
  });

  it('refuses bad options and claims it cannot revoke with invalid_config', async () => {
    expect(() => createSessionRevocation({ store: {} as never })).toThrow(/store must have set\(key, value, ttlMs\) and get\(keys\)/);
    expect(() => createSessionRevocation({ store: new MemoryRevocationStore(), cacheSeconds: -1 })).toThrow(
      /cacheSeconds must be 0 or more/,
    );
    expect(() => createSessionRevocation({ store: new MemoryRevocationStore(), maxSessionAge: 'forever' })).toThrow(
      /maxSessionAge "forever" is not a lifetime/,
    );
    const revocation = createSessionRevocation({ store: new MemoryRevocationStore() });
    expect((await rejectionOf(revocation.revokeSession({ sub: 'user_1' }), KitAuthError)).message).toContain(
      'revokeSession: the session has no jti or exp claim',
    );
    expect((await rejectionOf(revocation.revokeAllSessions(''), KitAuthError)).code).toBe('invalid_config');
    expect(() => createAuthMiddleware({ sessionSecret, revocation: {} as never })).toThrow(
      /revocation must be what createSessionRevocation/,
    );
  });
});

describe.runIf(hasRedisServer())('RedisRevocationStore, with a real redis-server', () => {
  let redis: TestRedis;
  let clients: Redis[];
  beforeAll(async () => {
    redis = await startRedis();
    clients = [new Redis(redis.url), new Redis(redis.url)];
  });
  afterAll(async () => {
    for (const client of clients ?? []) client.disconnect();
    await redis?.stop();
  });

  it('carries a sign-out from one replica to another', async () => {
    const [first, second] = await Promise.all(clients.map((client) => startReplica(new RedisRevocationStore({ client }), 0.5)));
    try {
      const token = await signSession({ sub: 'user_9' }, sessionSecret);
      expect((await whoami(second!, bearer(token))).body).toMatchObject({ subject: 'user_9' });
      expect(await signOut(first!, token)).toBe(303);
      expect((await whoami(first!, bearer(token))).status).toBe(401);
      await wait(600);
      expect((await whoami(second!, bearer(token))).status).toBe(401);
      const { jti, exp } = await verifySession(token, sessionSecret);
      const ttl = await clients[0]!.pttl(`kit:revoked:session:${jti}`);
      expect(ttl).toBeGreaterThan(exp * 1000 - Date.now());
      expect(ttl).toBeLessThan(exp * 1000 - Date.now() + 2000);
    } finally {
      await Promise.all([first?.close(), second?.close()]);
    }
  });
});

describe('the session cookie, read so that another site cannot plant one (over real HTTP)', () => {
  let replica: Replica;
  beforeAll(async () => {
    replica = await startReplica(new MemoryRevocationStore(), 5);
  });
  afterAll(async () => {
    await replica?.close();
  });

  it('trusts neither of two kit_session cookies, and prefers the __Host- one to any other', async () => {
    const victim = await signSession({ sub: 'victim' }, sessionSecret);
    const attacker = await signSession({ sub: 'attacker' }, sessionSecret);
    // A sibling subdomain set `kit_session=<its session>; Domain=example.com`: the browser sends both. Before,
    // the first won, and an attacker's path-scoped cookie comes first.
    expect((await whoami(replica, { cookie: `kit_session=${attacker}; kit_session=${victim}` })).body).toMatchObject({
      authType: 'anonymous',
    });
    expect((await whoami(replica, { cookie: `kit_session=${attacker}; __Host-kit_session=${victim}` })).body).toMatchObject({
      subject: 'victim',
    });
    expect((await whoami(replica, { cookie: `__Host-kit_session=${victim}` })).body).toMatchObject({ subject: 'victim' });
    expect((await whoami(replica, { cookie: `__Host-kit_session=${victim}; __Host-kit_session=${attacker}` })).body).toMatchObject({
      authType: 'anonymous',
    });
  });

  it('reads only the __Host- cookie on HTTPS, or everywhere with hostCookieOnly', async () => {
    const token = await signSession({ sub: 'user_5' }, sessionSecret);
    const secureRequest = (cookie: string) => new Request('https://app.example.com/api/whoami', { headers: { cookie } });
    expect(readSessionCookie(secureRequest(`kit_session=${token}`))).toBeUndefined();
    expect(readSessionCookie(secureRequest(`__Host-kit_session=${token}`))).toBe(token);
    const plainRequest = new Request('http://127.0.0.1/api/whoami', { headers: { cookie: `theme=dark; kit_session="${token}"` } });
    expect(readSessionCookie(plainRequest)).toBe(token);
    expect(readSessionCookie(plainRequest, { hostOnly: true })).toBeUndefined();
    expect(
      readSessionCookie(new Request('http://127.0.0.1/', { headers: { cookie: `app_session=${token}` } }), { name: 'app_session' }),
    ).toBe(token);
    expect(readSessionCookie(new Request('http://127.0.0.1/', { headers: { cookie: 'kit_session=' } }))).toBeUndefined();

    const hostOnly = createKitApp({
      middleware: [createAuthMiddleware({ sessionSecret, hostCookieOnly: true })],
      routes: {
        'GET /api/whoami': defineAPI({
          input: z.object({}),
          cache: 'no-store',
          handler: async ({ ctx }) => ({ subject: ctx.auth?.subject ?? null }),
        }),
      },
    });
    const server = await hostOnly.listen({ port: 0 });
    try {
      const read = async (cookie: string) =>
        (await (await fetch(`http://127.0.0.1:${server.port}/api/whoami`, { headers: { cookie } })).json()) as { subject: string | null };
      expect(await read(`kit_session=${token}`)).toEqual({ subject: null });
      expect(await read(`__Host-kit_session=${token}`)).toEqual({ subject: 'user_5' });
    } finally {
      await server.close();
    }
  });

  it('clears the cookie that was sent when it refuses it', async () => {
    const forged = `${await signSession({ sub: 'user_6' }, sessionSecret)}x`;
    const clearing = async (cookie: string) => {
      const response = await fetch(`${replica.base}/api/whoami`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: '{}',
      });
      await response.arrayBuffer();
      return response.headers.get('set-cookie');
    };
    expect(await clearing(`__Host-kit_session=${forged}`)).toBe('__Host-kit_session=; HttpOnly; SameSite=Lax; Path=/; Secure; Max-Age=0');
    expect(await clearing(`kit_session=${forged}`)).toBe('kit_session=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0');
  });
});
