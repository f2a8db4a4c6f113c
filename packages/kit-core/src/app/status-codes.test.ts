/**
 * The statuses a kit app answers with where HTTP gives them a meaning (RFC 9110): 401 with
 * `WWW-Authenticate` for a caller who is not known yet, 403 for one who is known but not allowed,
 * and 201 with `Location` for a call that made something.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineAPI } from '../definitions/define-api.js';
import { defineMiddleware } from '../definitions/define-middleware.js';
import { definePolicy } from '../definitions/define-policy.js';
import { KitError } from '../errors/kit-error.js';
import { createKitApp } from './create-kit-app.js';

/** Callers send `Authorization: Bearer member` or `Bearer guest`; anything else is anonymous. */
const bearer = defineMiddleware({
  name: 'bearer',
  challenges: ['Bearer realm="tickets"'],
  authenticate: async ({ request, ctx }) => {
    const token = request.headers.get('authorization')?.replace(/^Bearer /, '');
    if (token === 'member')
      return { ...ctx, authType: 'agent', auth: { subject: 'agent:bot', method: 'api_key', permissions: ['tickets:*'] } };
    if (token === 'guest') return { ...ctx, authType: 'agent', auth: { subject: 'agent:guest', method: 'api_key', permissions: [] } };
    return ctx;
  },
  handler: async ({ next }) => next(),
});

const membersOnly = definePolicy({
  key: 'members-only',
  title: 'Only members use tickets',
  effect: 'deny',
  check: async ({ ctx }) => ({ applies: !ctx.auth?.permissions.includes('tickets:*'), reason: 'sign in, or send an API key' }),
});

const tickets = new Map<string, { id: string; title: string }>();
const routes = {
  'POST /api/tickets': defineAPI({
    policy: 'members-only',
    input: z.strictObject({ title: z.string() }),
    output: z.strictObject({ id: z.string(), title: z.string() }),
    response: { kind: 'created', location: (ticket) => `/api/tickets/${ticket.id}` },
    handler: async ({ input }) => {
      const ticket = { id: `t_${tickets.size + 1}`, title: input.title };
      tickets.set(ticket.id, ticket);
      return ticket;
    },
  }),
  'GET /api/people-only': defineAPI({
    handler: async ({ ctx }) => {
      if (ctx.authType !== 'human') throw new KitError('unauthorized', 'Sign in first.');
      return { ok: true };
    },
  }),
} as const;

const post = (body: unknown, token?: string) =>
  new Request('http://test/api/tickets', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

describe('who may call', () => {
  const app = createKitApp({ middleware: [bearer], policies: [membersOnly], routes });

  it("asks an anonymous caller for credentials: 401 with the app's challenges", async () => {
    const response = await app.fetch(post({ title: 'Printer on fire' }));
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="tickets"');
    const problem = await response.json();
    expect(problem.detail).toBe('Policy "members-only" refuses anonymous callers: sign in, or send an API key.');
    expect(tickets.size).toBe(0);
  });

  it('refuses a known caller without the permission: 403, no challenge', async () => {
    const response = await app.fetch(post({ title: 'Printer on fire' }, 'guest'));
    expect(response.status).toBe(403);
    expect(response.headers.get('www-authenticate')).toBeNull();
    expect((await response.json()).detail).toContain('denies this call');
  });

  it('adds the challenges to a 401 a handler throws without its own', async () => {
    const response = await app.fetch(new Request('http://test/api/people-only'));
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="tickets"');
  });

  it('keeps 403 in an app that accepts no credentials: there is nothing to sign in with', async () => {
    const open = createKitApp({ policies: [membersOnly], routes });
    const response = await open.fetch(post({ title: 'x' }));
    expect(response.status).toBe(403);
    expect(response.headers.get('www-authenticate')).toBeNull();
  });

  it('documents the 401 and its header in OpenAPI', () => {
    const operation = app.openapi().paths['/api/tickets']?.post as { responses: Record<string, { headers?: Record<string, unknown> }> };
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['201', '401', '403']));
    expect(operation.responses['401']?.headers).toHaveProperty('WWW-Authenticate');
  });
});

describe('a call that makes something', () => {
  const app = createKitApp({ middleware: [bearer], policies: [membersOnly], routes });

  it('answers 201 with Location and the new resource, never a cached copy', async () => {
    const response = await app.fetch(post({ title: 'Printer on fire' }, 'member'));
    expect(response.status).toBe(201);
    const ticket = await response.json();
    expect(response.headers.get('location')).toBe(`/api/tickets/${ticket.id}`);
    expect(ticket.title).toBe('Printer on fire');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('etag')).toBeNull();
    expect(response.headers.get('x-request-id')).toBeTruthy();
  });

  it('states 201 and Location in OpenAPI instead of 200, ETag and 304', () => {
    const operation = app.openapi().paths['/api/tickets']?.post as { responses: Record<string, { headers?: Record<string, unknown> }> };
    expect(operation.responses['201']?.headers).toHaveProperty('Location');
    expect(operation.responses).not.toHaveProperty('200');
    expect(operation.responses).not.toHaveProperty('304');
  });

  it("answers a location that is not a URL as the server's fault, naming the route and the fix", async () => {
    const reported: unknown[] = [];
    const broken = createKitApp({
      onError: (error) => reported.push(error),
      routes: {
        'POST /api/things': defineAPI({
          output: z.object({ id: z.string() }),
          response: { kind: 'created', location: (thing) => thing.id },
          handler: async () => ({ id: 'abc' }),
        }),
      },
    });
    const response = await broken.fetch(
      new Request('http://test/api/things', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }),
    );
    expect(response.status).toBe(500);
    expect(String((reported[0] as Error).message)).toBe(
      'POST /api/things: response.location returned "abc"; return a path starting with "/" (such as `/api/tickets/${output.id}`) or an absolute http(s) URL',
    );
  });
});
