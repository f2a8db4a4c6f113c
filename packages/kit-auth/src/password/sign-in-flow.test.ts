// Sign-up and sign-in as an application writes them with kit-auth (hashPassword, verifyPassword,
// createSignInThrottle, safeRedirectTarget, checkDisplayName), attacked over real HTTP the way an attacker would.
import { createKitApp, defineAPI, RedisStore, type KitServer } from '@kit/kit-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hasRedisServer, startRedis, type TestRedis } from '../../../../test-support/redis-server.js';
import { checkDisplayName } from '../display-name/check-display-name.js';
import { KitAuthError } from '../errors/kit-auth-error.js';
import { createAuthMiddleware } from '../middleware/create-auth-middleware.js';
import { safeRedirectTarget } from '../redirect/safe-redirect-target.js';
import { sessionCookie } from '../session/session-cookie.js';
import { signSession } from '../session/sign-session.js';
import { hashPassword, verifyPassword } from './password-hash.js';
import { createSignInThrottle, type SignInThrottleOptions } from './sign-in-throttle.js';

const sessionSecret = 'sign-in-flow-test-secret-of-32-characters';
const password = 'correct horse battery staple';

interface Account {
  readonly id: string;
  readonly name: string;
  readonly hash: string;
}

interface Running {
  readonly base: string;
  readonly storeErrors: unknown[];
  close(): Promise<void>;
}

const seeOther = (location: string, cookie?: string) =>
  new Response(null, {
    status: 303,
    headers: { Location: location, 'Cache-Control': 'no-store', ...(cookie === undefined ? {} : { 'Set-Cookie': cookie }) },
  });

/** Turns a throttle refusal into the 429 problem the app answers with. */
async function throttled(run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    throw error instanceof KitAuthError ? error.toKitError() : error;
  }
}

async function startApp(accounts: Map<string, Account>, throttleOptions: SignInThrottleOptions = {}): Promise<Running> {
  const storeErrors: unknown[] = [];
  const throttle = createSignInThrottle({ ...throttleOptions, onStoreError: (error) => storeErrors.push(error) });
  const whoami = defineAPI({
    input: z.object({}),
    cache: 'no-store',
    handler: async ({ ctx }) => ({ authType: ctx.authType, subject: ctx.auth?.subject ?? null }),
  });
  const app = createKitApp({ middleware: [createAuthMiddleware({ sessionSecret })], routes: { 'GET /api/whoami': whoami } });

  app.mount('/auth/login', ['POST'], async (request, ctx) => {
    const form = await request.formData();
    const email = String(form.get('email') ?? '')
      .trim()
      .toLowerCase();
    const next = safeRedirectTarget(form.get('next'), { fallback: '/home' });
    await throttled(() => throttle.signIn({ account: email, client: ctx.connection?.remoteAddress }));
    const account = accounts.get(email);
    // Without an account, verifyPassword still runs scrypt (on a built-in hash) and answers false.
    if (!(await verifyPassword(form.get('password'), account?.hash)) || account === undefined) return seeOther(`/login?error=credentials`);
    return seeOther(next, sessionCookie(await signSession({ sub: account.id, name: account.name }, sessionSecret), { secure: false }));
  });

  app.mount('/auth/signup', ['POST'], async (request, ctx) => {
    await throttled(() => throttle.signUp({ client: ctx.connection?.remoteAddress }));
    const form = await request.formData();
    const name = checkDisplayName(form.get('name'));
    if (!name.ok) return seeOther(`/signup?error=${name.problem}`);
    const email = String(form.get('email') ?? '')
      .trim()
      .toLowerCase();
    const hash = await hashPassword(String(form.get('password') ?? ''));
    accounts.set(email, { id: `user_${accounts.size + 1}`, name: name.name, hash });
    return seeOther('/home');
  });

  const server: KitServer = await app.listen({ port: 0 });
  return { base: `http://127.0.0.1:${server.port}`, storeErrors, close: () => server.close() };
}

async function post(
  base: string,
  path: string,
  fields: Record<string, string>,
): Promise<{ status: number; location: string | null; retryAfter: string | null; body: string; cookie: string | null }> {
  const response = await fetch(`${base}${path}`, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
  return {
    status: response.status,
    location: response.headers.get('location'),
    retryAfter: response.headers.get('retry-after'),
    body: await response.text(),
    cookie: response.headers.get('set-cookie'),
  };
}

let accounts: Map<string, Account>;
beforeAll(async () => {
  accounts = new Map([['ada@example.com', { id: 'user_1', name: 'Ada', hash: await hashPassword(password) }]]);
});

describe('sign-in throttling over real HTTP', () => {
  it('answers 429 with Retry-After once an account had its attempts, without hashing, and for the right password too', async () => {
    const app = await startApp(accounts);
    try {
      const statuses: number[] = [];
      let last: Awaited<ReturnType<typeof post>> | undefined;
      for (let attempt = 0; attempt < 40; attempt += 1) {
        last = await post(app.base, '/auth/login', { email: 'ada@example.com', password: `guess ${attempt}` });
        statuses.push(last.status);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(303));
      expect(statuses.slice(10)).toEqual(Array(30).fill(429));
      expect(Number(last!.retryAfter)).toBeGreaterThan(800);
      expect(Number(last!.retryAfter)).toBeLessThanOrEqual(900);
      expect(JSON.parse(last!.body)).toMatchObject({
        status: 429,
        detail: expect.stringContaining('Too many sign-in attempts on this account; try again in 15 min'),
      });
      // The account stays shut for its window, whoever knows the password; another account does not.
      expect((await post(app.base, '/auth/login', { email: 'ADA@example.com ', password })).status).toBe(429);
      expect((await post(app.base, '/auth/login', { email: 'grace@example.com', password })).location).toBe('/login?error=credentials');
    } finally {
      await app.close();
    }
  });

  it('counts attempts from one client on any account', async () => {
    const app = await startApp(accounts, { perClient: { attempts: 5, window: '1m' } });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 7; attempt += 1)
        statuses.push((await post(app.base, '/auth/login', { email: `someone${attempt}@example.com`, password })).status);
      expect(statuses).toEqual([303, 303, 303, 303, 303, 429, 429]);
      const refused = await post(app.base, '/auth/login', { email: 'ada@example.com', password });
      expect(JSON.parse(refused.body).detail).toContain('Too many sign-in attempts from this address');
    } finally {
      await app.close();
    }
  });

  it('takes as long for an unknown e-mail address as for a known one', async () => {
    const app = await startApp(accounts, { perAccount: { attempts: 100, window: '1m' } });
    try {
      const time = async (email: string) => {
        const began = performance.now();
        expect((await post(app.base, '/auth/login', { email, password: 'wrong password' })).location).toBe('/login?error=credentials');
        return performance.now() - began;
      };
      const known: number[] = [];
      const unknown: number[] = [];
      for (let round = 0; round < 3; round += 1) {
        known.push(await time('ada@example.com'));
        unknown.push(await time(`nobody${round}@example.com`));
      }
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[1]!;
      // Before: 39.7 ms for a known address, 2.0 ms for an unknown one (no scrypt at all).
      expect(median(unknown) / median(known)).toBeGreaterThan(0.5);
      expect(median(unknown) / median(known)).toBeLessThan(2);
    } finally {
      await app.close();
    }
  });

  it('throttles sign-ups per client, and refuses names that pass for a role or an agent', async () => {
    const app = await startApp(new Map(), { signUpPerClient: { attempts: 3, window: '1h' } });
    try {
      expect((await post(app.base, '/auth/signup', { name: 'Admin', email: 'mallory@example.com', password })).location).toBe(
        '/signup?error=reserved',
      );
      expect((await post(app.base, '/auth/signup', { name: 'bob-bot (agent)', email: 'mallory@example.com', password })).location).toBe(
        '/signup?error=characters',
      );
      expect((await post(app.base, '/auth/signup', { name: 'Grace Hopper', email: 'grace@example.com', password })).location).toBe('/home');
      const refused = await post(app.base, '/auth/signup', { name: 'Grace Again', email: 'grace2@example.com', password });
      expect(refused.status).toBe(429);
      expect(Number(refused.retryAfter)).toBeGreaterThan(3500);
      expect(JSON.parse(refused.body).detail).toContain('Too many accounts were made from this address');
    } finally {
      await app.close();
    }
  });
});

describe('where sign-in sends the browser, over real HTTP', () => {
  let app: Running;
  beforeAll(async () => {
    app = await startApp(accounts, { perAccount: { attempts: 100, window: '1m' } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('lands on the site after a correct password, whatever next held, and never answers 500', async () => {
    const attack = new URLSearchParams('next=%2F%09%2Fevil.example%2Fphish.html').get('next')!;
    const cases: [string, string][] = [
      [attack, '/home'],
      ['//evil.example', '/home'],
      ['/a\r\nSet-Cookie: planted=1', '/home'],
      ['/tickets\u2028', '/tickets%E2%80%A8'],
      ['/tickets?q=éé', '/tickets?q=%C3%A9%C3%A9'],
      ['/tickets/42', '/tickets/42'],
    ];
    for (const [next, expected] of cases) {
      const signedIn = await post(app.base, '/auth/login', { email: 'ada@example.com', password, next });
      expect(signedIn.status, JSON.stringify(next)).toBe(303);
      expect(signedIn.location, JSON.stringify(next)).toBe(expected);
      expect(signedIn.cookie).toMatch(/^kit_session=/);
    }
  });
});

describe.runIf(hasRedisServer())('sign-in throttling on a shared RedisStore, with a real redis-server', () => {
  let redis: TestRedis;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('holds one limit across replicas, and falls back to per-process limits when Redis stops', async () => {
    const stores = [new RedisStore({ url: redis.url }), new RedisStore({ url: redis.url })];
    const [first, second] = await Promise.all(
      stores.map((store) => startApp(accounts, { store, perAccount: { attempts: 4, window: '1m' }, fallbackMs: 60_000 })),
    );
    try {
      const attempt = (replica: Running, email: string) =>
        post(replica.base, '/auth/login', { email, password: 'wrong password' }).then((answer) => answer.status);
      // Two attempts on each replica use up the shared budget of four.
      expect([
        await attempt(first!, 'ada@example.com'),
        await attempt(second!, 'ada@example.com'),
        await attempt(first!, 'ada@example.com'),
        await attempt(second!, 'ada@example.com'),
      ]).toEqual([303, 303, 303, 303]);
      expect(await attempt(first!, 'ada@example.com')).toBe(429);
      expect(await attempt(second!, 'ada@example.com')).toBe(429);
      expect(first!.storeErrors).toEqual([]);

      await redis.stop();
      // Without Redis, each replica counts for itself: the limit still holds, per process.
      const statuses: number[] = [];
      for (let index = 0; index < 6; index += 1) statuses.push(await attempt(first!, 'grace@example.com'));
      expect(statuses).toEqual([303, 303, 303, 303, 429, 429]);
      expect(first!.storeErrors.length).toBeGreaterThanOrEqual(1);
      expect(await attempt(second!, 'grace@example.com')).toBe(303);
    } finally {
      await Promise.all([first?.close(), second?.close()]);
      await Promise.all(stores.map((store) => store.close()));
    }
  }, 60_000);
});
