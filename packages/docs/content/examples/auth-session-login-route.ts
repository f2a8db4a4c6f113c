// ---
// title: A login route that sets the session cookie
// description: A POST /login endpoint that checks a password with verifyPassword (scrypt, compared in constant time, as slow for an unknown address as for a known one), signs a session with signSession and sets it with sessionCookie; POST /logout revokes the session and clears the cookie with clearSessionCookie, and createAuthMiddleware reads the session cookie on later requests.
// topics: [authentication, defineAPI]
// relatedDocs: /docs/authentication#signsession
// ---
import { randomBytes } from 'node:crypto';
import {
  clearSessionCookie,
  createAuthMiddleware,
  createSessionRevocation,
  hashPassword,
  MemoryRevocationStore,
  sessionCookie,
  signSession,
  verifyPassword,
} from '@kit/kit-auth';
import { createKitApp, defineAPI, env, KitError } from '@kit/kit-core';
import { z } from 'zod';

// SESSION_SECRET holds at least 32 characters (`openssl rand -base64 48`). When it is unset, this program
// signs with a random secret, so its sessions end with the process.
const secret = env('SESSION_SECRET') || randomBytes(48).toString('base64');
// The cookie is Secure except in local development over plain HTTP.
const secure = env('NODE_ENV') !== 'development';

// Stand-in for your user table: what hashPassword returned for each password ($scrypt$v=1$ln=15,r=8,p=3$…).
const users = new Map([['ada@example.com', { id: 'user_1', passwordHash: await hashPassword('correct horse battery staple') }]]);

async function userIdFor(email: string, password: string): Promise<string | null> {
  const user = users.get(email);
  // Without a user, verifyPassword still runs scrypt and answers false: the time taken gives nothing away.
  return (await verifyPassword(password, user?.passwordHash)) && user ? user.id : null;
}

// Sign-out revokes the session, so a copy of the cookie stops working too. Use a store every replica
// shares (RedisRevocationStore, or a table of your database) when there are several.
const revocation = createSessionRevocation({ store: new MemoryRevocationStore() });

const credentials = z.object({ email: z.email(), password: z.string().min(1) });

const app = createKitApp({
  // Reads the session cookie (or Authorization: Bearer) and sets ctx.authType and ctx.auth.
  middleware: [createAuthMiddleware({ sessionSecret: secret, revocation })],
  routes: {
    'GET /api/me': defineAPI({
      description: 'Who is signed in.',
      input: z.object({}),
      cache: 'no-store',
      handler: async ({ ctx }) => ({ authType: ctx.authType, subject: ctx.auth?.subject ?? null }),
    }),
  },
});

// Raw endpoints, because their answers set a cookie.
app.mount('/login', ['POST'], async (request) => {
  const parsed = credentials.safeParse(await request.json().catch(() => null));
  const userId = parsed.success ? await userIdFor(parsed.data.email, parsed.data.password) : null;
  if (userId === null) {
    throw new KitError('unauthorized', 'The email address or the password is wrong.', { headers: { 'WWW-Authenticate': 'Bearer' } });
  }
  const token = await signSession({ sub: userId }, secret, '12h');
  // __Host-kit_session=<token>; HttpOnly; SameSite=Lax; Path=/; Secure; Max-Age=43200
  return new Response(null, { status: 204, headers: { 'Set-Cookie': sessionCookie(token, { secure }) } });
});
app.mount('/logout', ['POST'], async (_request, ctx) => {
  if (ctx.auth?.claims) await revocation.revokeSession(ctx.auth.claims);
  return new Response(null, { status: 204, headers: { 'Set-Cookie': clearSessionCookie({ secure }) } });
});

// Sign in, then call /api/me with the cookie a browser would send back.
const login = await app.fetch(
  new Request('http://localhost/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'ada@example.com', password: 'correct horse battery staple' }),
  }),
);
const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
const me = await app.fetch(new Request('http://localhost/api/me', { headers: { cookie } }));
console.log(login.status, await me.json()); // 204 { authType: 'human', subject: 'user_1' }

const wrong = await app.fetch(new Request('http://localhost/login', { method: 'POST', body: JSON.stringify({ email: 'ada@example.com', password: 'guess' }) }));
console.log(wrong.status); // 401

// After sign-out the same cookie is refused: a page read is anonymous.
await app.fetch(new Request('http://localhost/logout', { method: 'POST', headers: { cookie } }));
const after = await app.fetch(new Request('http://localhost/api/me', { headers: { cookie } }));
console.log(await after.json()); // { authType: 'anonymous', subject: null }
