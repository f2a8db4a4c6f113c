import {
  checkDisplayName,
  clearSessionCookie,
  createSignInThrottle,
  hashPassword,
  KitAuthError,
  safeRedirectTarget,
  sessionCookie,
  signSession,
  verifyPassword,
} from '@kit/kit-auth';
import { definePlugin, type KitContext } from '@kit/kit-core';
import { user } from '../models/user.js';
import { createAccount } from './accounts.js';
import { sessionRevocations, sessionSecret } from './auth.js';
import { db } from './db.js';
import { rememberForm } from './form-memory.js';

// Sign-up, sign-in and sign-out are HTML form posts answered with a redirect and the session cookie,
// so they work before any script has loaded. They are plain endpoints, not API routes: agents use
// API keys and never hold a session. The password, throttling and redirect rules are kit-auth's.

const sessionLifetime = '7d';
const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]']);
const minPasswordLength = 10;

/**
 * Sign-in attempts are limited per account (10 per 15 minutes) and per client address (100 per 15
 * minutes), sign-ups per client address (20 per hour), counted in this process. With several processes,
 * pass `store: new RedisStore({ url })` (from @kit/kit-core) so the limits hold across all of them.
 */
const throttle = createSignInThrottle();

/** `Secure` cookies (named `__Host-kit_session`) everywhere but plain HTTP on this machine (`kit dev`), where a browser would drop them. */
function secureCookie(request: Request): boolean {
  const url = new URL(request.url);
  return !(url.protocol === 'http:' && loopbackHosts.has(url.hostname));
}

function seeOther(location: string, ...cookies: string[]): Response {
  const headers = new Headers({ Location: location, 'Cache-Control': 'no-store' });
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return new Response(null, { status: 303, headers });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * The 429 of a throttled sign-in or sign-up, with `Retry-After`: a short page for a browser, the problem
 * document for any other client.
 */
function tooManyAttempts(request: Request, error: KitAuthError, back: string): Response {
  if (!(request.headers.get('accept') ?? '').includes('text/html')) throw error.toKitError();
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Too many attempts</title></head><body><main><h1>Too many attempts</h1><p>${escapeHtml(error.message)}</p><p><a href="${back}">Back</a></p></main></body></html>`;
  return new Response(page, {
    status: 429,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Retry-After': String(error.retryAfterSeconds ?? 60), 'Cache-Control': 'no-store' },
  });
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

async function signIn(request: Request, ctx: KitContext): Promise<Response> {
  const form = await formOf(request);
  const email = text(form, 'email').toLowerCase();
  const password = form?.get('password');
  // Only a path of this app: `//evil.example`, `/\t/evil.example` and the like become /tickets.
  const next = safeRedirectTarget(form?.get('next'), { fallback: '/tickets' });
  const retryUrl = `/login?error=credentials&next=${encodeURIComponent(next)}`;
  // The form comes back with the address filled in, never the password.
  const retry = () => seeOther(retryUrl, rememberForm('login', { email: text(form, 'email') }, secureCookie(request)));
  if (email === '' || typeof password !== 'string') return retry();
  try {
    await throttle.signIn({ account: email, client: ctx.connection?.remoteAddress });
  } catch (error) {
    if (error instanceof KitAuthError) return tooManyAttempts(request, error, `/login?next=${encodeURIComponent(next)}`);
    throw error;
  }
  const person = (await (await db()).list(user, { where: { email }, limit: 1 })).items[0];
  // Without an account, verifyPassword still spends the time of a check, so the answer's timing does not
  // tell which addresses have accounts.
  if (!(await verifyPassword(password, person?.passwordHash)) || person === undefined) return retry();
  return signedIn(request, person, next);
}

/** Why a sign-up was refused, as the `error` parameters of /signup (app/routes/signup.page.tsx words them). */
type SignupProblem = 'name' | 'name-reserved' | 'name-characters' | 'email' | 'password' | 'taken';

/**
 * Sign-up says when an address already has an account ("taken"): without e-mail confirmation, the
 * account it makes (or not) says so anyway. What keeps that from becoming a list of addresses is the
 * throttle: 20 sign-ups per hour per client address. An app that sends mail can answer every sign-up
 * alike ("check your inbox") and tell the owner of a known address by mail instead.
 */
async function signUp(request: Request, ctx: KitContext): Promise<Response> {
  try {
    await throttle.signUp({ client: ctx.connection?.remoteAddress });
  } catch (error) {
    if (error instanceof KitAuthError) return tooManyAttempts(request, error, '/signup');
    throw error;
  }
  const form = await formOf(request);
  const name = checkDisplayName(form?.get('name'));
  const email = text(form, 'email').toLowerCase();
  const password = form?.get('password');
  // Every field is checked, so the form comes back with all its problems at once, each next to its field,
  // and with the name and address as typed (never the password).
  const problems: SignupProblem[] = [];
  if (!name.ok) problems.push(name.problem === 'reserved' || name.problem === 'characters' ? `name-${name.problem}` : 'name');
  if (!/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 200) problems.push('email');
  if (typeof password !== 'string' || password.length < minPasswordLength) problems.push('password');
  const refused = (found: readonly SignupProblem[]) =>
    seeOther(`/signup?${found.map((problem) => `error=${problem}`).join('&')}`, rememberForm('signup', { name: text(form, 'name'), email: text(form, 'email') }, secureCookie(request)));
  if (problems.length > 0 || !name.ok || typeof password !== 'string') return refused(problems);
  let passwordHash: string;
  try {
    passwordHash = await hashPassword(password);
  } catch (error) {
    if (error instanceof KitAuthError && error.code === 'password_too_long') return refused(['password']);
    throw error;
  }
  const created = await createAccount(await db(), { name: name.name, email, passwordHash });
  if (created === null) return refused(['taken']);
  return signedIn(request, created, '/tickets');
}

/** Signs out: the session is revoked, so a copy of the cookie stops working too, and the cookie is cleared. */
async function signOut(request: Request, ctx: KitContext): Promise<Response> {
  if (ctx.authType === 'human' && ctx.auth?.claims) await sessionRevocations.revokeSession(ctx.auth.claims);
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
