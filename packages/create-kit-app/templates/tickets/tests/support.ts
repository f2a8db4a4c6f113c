import { fileURLToPath } from 'node:url';
import { createKitApp, type KitApp } from '@kit/kit-core';
import { applyMigrations } from '@kit/kit-db';
import config from '../kit.config.js';
import { db } from '../app/lib/db.js';
import decideApproval from '../app/routes/api/approvals/[id]/decision.api.js';
import listPendingApprovals from '../app/routes/api/approvals/index.api.js';
import revokeKey from '../app/routes/api/keys/[id]/revoke.api.js';
import * as keys from '../app/routes/api/keys/index.api.js';
import me from '../app/routes/api/me.api.js';
import closeTicket from '../app/routes/api/tickets/[id]/close.api.js';
import * as oneTicket from '../app/routes/api/tickets/[id].api.js';
import * as tickets from '../app/routes/api/tickets/index.api.js';

/**
 * The app's API as `kit dev` serves it (the configuration, its middleware and policies, and the route
 * files at their URLs) on the in-memory database of vitest.config.ts, with the migrations applied.
 */
export async function testApp(): Promise<KitApp> {
  await applyMigrations({ db: await db(), dir: fileURLToPath(new URL('../migrations', import.meta.url)) });
  return createKitApp({
    ...config,
    routes: {
      ...config.routes,
      'POST /api/tickets': tickets.POST,
      'PATCH /api/tickets/:id': oneTicket.PATCH,
      'POST /api/tickets/:id/close': closeTicket,
      'GET /api/approvals': listPendingApprovals,
      'POST /api/approvals/:id/decision': decideApproval,
      'GET /api/keys': keys.GET,
      'POST /api/keys': keys.POST,
      'POST /api/keys/:id/revoke': revokeKey,
      'GET /api/me': me,
    },
  });
}

/** Signs a person up through the form endpoint, as the browser does; resolves to their session cookie. */
export async function signUp(app: KitApp, name: string, email: string): Promise<string> {
  const response = await app.fetch(
    new Request('http://127.0.0.1/auth/signup', { method: 'POST', body: new URLSearchParams({ name, email, password: 'correct horse battery' }) }),
  );
  const cookie = response.headers.get('set-cookie');
  if (response.status !== 303 || cookie === null) throw new Error(`signing up ${email} answered ${response.status} to ${response.headers.get('location')}`);
  return cookie.split(';')[0]!;
}

/** A JSON call to the API with a cookie or an API key. */
export function call(app: KitApp, method: string, path: string, credentials: { cookie?: string; key?: string }, body?: unknown): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json' });
  if (credentials.cookie) headers.set('Cookie', credentials.cookie);
  if (credentials.key) headers.set('Authorization', `Bearer ${credentials.key}`);
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  return app.fetch(new Request(`http://127.0.0.1${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) }));
}
