// ---
// title: A login route that sets the session cookie
// description: A POST /login endpoint that checks a password with scrypt and a timing-safe comparison, signs a session with signSession and sets it with sessionCookie; POST /logout clears it with clearSessionCookie, and createAuthMiddleware reads the kit_session cookie on later requests.
// topics: [authentication, defineAPI]
// relatedDocs: /docs/authentication#signsession
// ---
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { clearSessionCookie, createAuthMiddleware, sessionCookie, signSession } from '@kit/kit-auth';
import { createKitApp, defineAPI, env, KitError } from '@kit/kit-core';
import { z } from 'zod';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, length: number) => Promise<Buffer>;

// SESSION_SECRET holds at least 32 characters (`openssl rand -base64 48`). When it is unset, this program
// signs with a random secret, so its sessions end with the process.
const secret = env('SESSION_SECRET') || randomBytes(48).toString('base64');
// The cookie is Secure except in local development over plain HTTP.
const secure = env('NODE_ENV') !== 'development';

// Stand-in for your user table: a salt and the scrypt hash of each password.
const salt = randomBytes(16);
const users = new Map([['ada@example.com', { id: 'user_1', salt, hash: await scryptAsync('correct horse battery staple', salt, 32) }]]);

async function userIdFor(email: string, password: string): Promise<string | null> {
  const user = users.get(email);
  if (!user) return null;
  const candidate = await scryptAsync(password, user.salt, user.hash.length);
  return timingSafeEqual(candidate, user.hash) ? user.id : null;
}

const credentials = z.object({ email: z.email(), password: z.string().min(1) });

const app = createKitApp({
  // Reads the kit_session cookie (or Authorization: Bearer) and sets ctx.authType and ctx.auth.
  middleware: [createAuthMiddleware({ sessionSecret: secret })],
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
  // kit_session=<token>; HttpOnly; SameSite=Lax; Path=/; Secure; Max-Age=43200
  return new Response(null, { status: 204, headers: { 'Set-Cookie': sessionCookie(token, { secure }) } });
});
app.mount('/logout', ['POST'], async () => new Response(null, { status: 204, headers: { 'Set-Cookie': clearSessionCookie({ secure }) } }));

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
