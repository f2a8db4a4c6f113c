import type { KitApp } from '@kit/kit-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signUp, testApp } from './support.js';

// kit refuses what a page of another site makes a browser send, and bodies over 64 KiB: the sign-in form
// and the API alike, before the app's own code runs.

let app: KitApp;
let cookie: string;
beforeAll(async () => {
  app = await testApp();
  cookie = await signUp(app, 'Ada', 'ada@example.com');
});

const otherSite = 'http://127.0.0.1:5999';

function post(path: string, headers: Record<string, string>, body: string): Promise<Response> {
  return app.fetch(new Request(`http://127.0.0.1:3000${path}`, { method: 'POST', headers, body }));
}

describe('requests from other sites', () => {
  it('cannot sign anyone in: a sign-in form posted from another origin is refused', async () => {
    const response = await post('/auth/login', { origin: otherSite, 'content-type': 'application/x-www-form-urlencoded' }, 'email=ada%40example.com&password=correct+horse+battery');
    expect(response.status).toBe(403);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(((await response.json()) as { detail: string }).detail).toContain('trustedOrigins');
  });

  it('cannot use a person’s session cookie to open a ticket or sign them out', async () => {
    const headers = { cookie, 'sec-fetch-site': 'same-site', 'content-type': 'application/json' };
    expect((await post('/api/tickets', headers, JSON.stringify({ title: 'Forged' }))).status).toBe(403);
    expect((await post('/auth/logout', { cookie, origin: otherSite }, '')).status).toBe(403);
  });

  it('leave the app’s own pages alone', async () => {
    const response = await post('/api/tickets', { cookie, origin: 'http://127.0.0.1:3000', 'content-type': 'application/json' }, JSON.stringify({ title: 'Printer jams' }));
    expect(response.status).toBe(201);
  });
});

describe('request bodies', () => {
  it('are refused over 64 KiB, a sign-in form as much as a JSON body', async () => {
    const form = await post('/auth/login', { 'content-type': 'application/x-www-form-urlencoded' }, `email=${'a'.repeat(70 * 1024)}&password=x`);
    expect(form.status).toBe(413);
    const json = await post('/api/tickets', { cookie, 'content-type': 'application/json' }, JSON.stringify({ title: 'x'.repeat(70 * 1024) }));
    expect(json.status).toBe(413);
  });
});
