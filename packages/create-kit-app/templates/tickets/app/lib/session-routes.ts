import { clearSessionCookie, sessionCookie, signSession } from '@kit/kit-auth';
import { definePlugin } from '@kit/kit-core';
import { user } from '../models/user.js';
import { db } from './db.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { sessionSecret } from './auth.js';

// Sign-up, sign-in and sign-out are HTML form posts answered with a redirect and the session cookie,
// so they work before any script has loaded. They are plain endpoints, not API routes: agents use
// API keys and never hold a session.

const sessionLifetime = '7d';
const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** `Secure` cookies everywhere but plain HTTP on this machine (`kit dev`), where a browser would drop them. */
function secureCookie(request: Request): boolean {
  const url = new URL(request.url);
  return !(url.protocol === 'http:' && loopbackHosts.has(url.hostname));
}

/** Where to go after signing in: a path of this app only, so a crafted link cannot send people elsewhere. */
function nextPath(value: FormDataEntryValue | null | undefined): string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : '/tickets';
}

function seeOther(location: string, cookie?: string): Response {
  const headers = new Headers({ Location: location, 'Cache-Control': 'no-store' });
  if (cookie !== undefined) headers.set('Set-Cookie', cookie);
  return new Response(null, { status: 303, headers });
}

async function formOf(request: Request): Promise<FormData | null> {
  try {
    return await request.formData();
  } catch {
    return null;
  }
}

function text(form: FormData | null, name: string): string {
  const value = form?.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

async function signedIn(request: Request, person: { id: string; name: string }, next: string): Promise<Response> {
  const token = await signSession({ sub: person.id, name: person.name }, sessionSecret(), sessionLifetime);
  return seeOther(next, sessionCookie(token, { secure: secureCookie(request) }));
}

async function signIn(request: Request): Promise<Response> {
  const form = await formOf(request);
  const email = text(form, 'email').toLowerCase();
  const password = form?.get('password');
  const next = nextPath(form?.get('next'));
  const retry = `/login?error=credentials&next=${encodeURIComponent(next)}`;
  if (email === '' || typeof password !== 'string') return seeOther(retry);
  const person = (await (await db()).list(user, { where: { email }, limit: 1 })).items[0];
  if (person === undefined || !(await verifyPassword(password, person.passwordHash))) return seeOther(retry);
  return signedIn(request, person, next);
}

async function signUp(request: Request): Promise<Response> {
  const form = await formOf(request);
  const name = text(form, 'name');
  const email = text(form, 'email').toLowerCase();
  const password = form?.get('password');
  if (name === '' || name.length > 100 || !/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 200) return seeOther('/signup?error=details');
  if (typeof password !== 'string' || password.length < 10 || password.length > 200) return seeOther('/signup?error=password');
  const passwordHash = await hashPassword(password);
  const database = await db();
  const created = await database.transaction(async (tx) => {
    if ((await tx.count(user, { email })) > 0) return null;
    // The first person to sign up administers the app.
    const role = (await tx.count(user)) === 0 ? 'admin' : 'member';
    return tx.insert(user, { name, email, passwordHash, role });
  });
  if (created === null) return seeOther('/signup?error=taken');
  return signedIn(request, created, '/tickets');
}

function signOut(request: Request): Response {
  return seeOther('/login', clearSessionCookie({ secure: secureCookie(request) }));
}

/** POST /auth/login, POST /auth/signup and POST /auth/logout, for the forms of the login and signup pages. */
export const sessionRoutes = definePlugin({
  name: 'sessions',
  setup: (app) => {
    app.mount('/auth/login', ['POST'], signIn);
    app.mount('/auth/signup', ['POST'], signUp);
    app.mount('/auth/logout', ['POST'], signOut);
  },
});
