import { fileURLToPath } from 'node:url';
import type { KitApp } from '@kit/kit-core';
import { applyMigrations, createDatabase } from '@kit/kit-db';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../app/lib/accounts.js';
import { models } from '../app/lib/db.js';
import { call, signUp, testApp } from './support.js';

let app: KitApp;
beforeAll(async () => {
  app = await testApp();
  await signUp(app, 'Ada', 'ada@example.com');
});

/** A form post to one of the /auth endpoints, as a browser sends it. */
async function post(path: string, fields: Record<string, string>, init: { origin?: string; cookie?: string; accept?: string } = {}) {
  const headers = new Headers();
  if (init.cookie) headers.set('Cookie', init.cookie);
  if (init.accept) headers.set('Accept', init.accept);
  const response = await app.fetch(new Request(`${init.origin ?? 'http://127.0.0.1'}${path}`, { method: 'POST', headers, body: new URLSearchParams(fields) }));
  return { status: response.status, location: response.headers.get('location'), cookie: response.headers.get('set-cookie'), retryAfter: response.headers.get('retry-after'), body: await response.text() };
}

const meOf = async (cookie: string, origin = 'http://127.0.0.1') =>
  (await (await app.fetch(new Request(`${origin}/api/me`, { headers: { Cookie: cookie, Accept: 'application/json' } }))).json()) as { authType: string; name: string | null };

describe('signing in', () => {
  it('lands on a path of this app only, whatever next says', async () => {
    const signIn = (next: string) => post('/auth/login', { email: 'ada@example.com', password: 'correct horse battery', next });
    expect((await signIn('/tickets?status=open')).location).toBe('/tickets?status=open');
    // /login?next=%2F%09%2Fevil.example%2Fphish.html put this in the form: a browser drops the tab.
    const attack = await signIn('/\t/evil.example/phish.html');
    expect(attack.status).toBe(303);
    expect(attack.location).toBe('/tickets');
    // Odd characters are encoded, never a 500 after a correct password.
    expect((await signIn('/tickets?q=café\u2028')).location).toBe('/tickets?q=caf%C3%A9%E2%80%A8');
  });

  it('answers 429 with Retry-After after ten attempts on one account', async () => {
    await signUp(app, 'Linus', 'linus@example.com');
    // Twelve guesses at once: ten are checked (and fail), two are refused before any hashing.
    const answers = await Promise.all(Array.from({ length: 12 }, (_, attempt) => post('/auth/login', { email: 'linus@example.com', password: `guess number ${attempt}` })));
    expect(answers.filter((answer) => answer.status === 303)).toHaveLength(10);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(2);
    const page = await post('/auth/login', { email: 'linus@example.com', password: 'correct horse battery' }, { accept: 'text/html' });
    expect(page.status).toBe(429);
    expect(Number(page.retryAfter)).toBeGreaterThan(0);
    expect(page.body).toContain('Too many sign-in attempts on this account');
  });

  it('ends the session at sign-out: a copy of the cookie no longer works', async () => {
    const cookie = await signUp(app, 'Margaret', 'margaret@example.com');
    expect(await meOf(cookie)).toMatchObject({ authType: 'human', name: 'Margaret' });
    const out = await post('/auth/logout', {}, { cookie });
    expect(out.status).toBe(303);
    expect(out.cookie).toBe('kit_session=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0');
    expect(await meOf(cookie)).toMatchObject({ authType: 'anonymous' });
    expect((await call(app, 'POST', '/api/tickets', { cookie }, { title: 'After sign-out' })).status).toBe(401);
  });

  it('uses a __Host- cookie over HTTPS, and ignores a plain one there', async () => {
    const origin = 'https://help.example.com';
    const signedUp = await post('/auth/signup', { name: 'Barbara', email: 'barbara@example.com', password: 'correct horse battery' }, { origin });
    expect(signedUp.cookie).toMatch(/^__Host-kit_session=[\w.-]+; HttpOnly; SameSite=Lax; Path=\/; Secure; Max-Age=\d+$/);
    const token = signedUp.cookie!.split(';')[0]!.split('=')[1]!;
    expect(await meOf(`__Host-kit_session=${token}`, origin)).toMatchObject({ authType: 'human', name: 'Barbara' });
    // A sibling subdomain can set kit_session for the whole domain, never __Host-kit_session.
    expect(await meOf(`kit_session=${token}`, origin)).toMatchObject({ authType: 'anonymous' });
  });
});

describe('signing up', () => {
  it('refuses names that pass for a role or an agent', async () => {
    const attempt = (name: string) => post('/auth/signup', { name, email: `${name.length}@example.com`, password: 'correct horse battery' });
    expect((await attempt('Admin')).location).toBe('/signup?error=name-reserved');
    expect((await attempt('bob-bot (agent)')).location).toBe('/signup?error=name-characters');
    expect((await attempt('System')).location).toBe('/signup?error=name-reserved');
  });

  it('names every problem of a refused sign-up, and keeps the name and address (never the password) for the form', async () => {
    const refused = await post('/auth/signup', { name: 'Admin', email: 'not-an-address', password: 'short' });
    expect(refused.status).toBe(303);
    expect(refused.location).toBe('/signup?error=name-reserved&error=email&error=password');
    expect(refused.cookie).toMatch(/^kit_signup_form=[^;]+; HttpOnly; SameSite=Lax; Path=\/signup; Max-Age=600$/);
    const kept = JSON.parse(decodeURIComponent(refused.cookie!.split(';')[0]!.split('=')[1]!)) as Record<string, string>;
    expect(kept).toEqual({ name: 'Admin', email: 'not-an-address' });
  });

  it('makes exactly one admin of simultaneous first sign-ups, and one account of one address', async () => {
    const database = await createDatabase({ provider: 'sqlite', url: ':memory:', models, setDefault: false });
    await applyMigrations({ db: database, dir: fileURLToPath(new URL('../migrations', import.meta.url)) });
    const made = await Promise.all(['a', 'b', 'c', 'd'].map((who) => createAccount(database, { name: who, email: `${who}@example.com`, passwordHash: 'x' })));
    expect(made.filter((account) => account?.role === 'admin')).toHaveLength(1);
    const twice = await Promise.all([1, 2].map(() => createAccount(database, { name: 'e', email: 'e@example.com', passwordHash: 'x' })));
    expect(twice.filter((account) => account === null)).toHaveLength(1);
    await database.close();
  });
});

describe('API key names', () => {
  it('are never reused, even after the key is revoked, and the answer says so', async () => {
    const cookie = await signUp(app, 'Katherine', 'katherine@example.com');
    const made = await call(app, 'POST', '/api/keys', { cookie }, { name: 'night-owl' });
    const { id } = (await made.json()) as { id: string };
    expect((await call(app, 'POST', `/api/keys/${id}/revoke`, { cookie }, {})).status).toBe(200);
    const again = await call(app, 'POST', '/api/keys', { cookie }, { name: 'night-owl' });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { detail: string }).detail).toBe('The agent name "night-owl" is taken (by a key in use or a revoked one, since names are never reused); choose another, such as "night-owl-2".');
  });
});
