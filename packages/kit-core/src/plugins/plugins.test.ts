import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createKitApp } from '../app/create-kit-app.js';
import type { CallEvent } from '../registry/capability-registry.js';
import { defineAPI } from '../definitions/define-api.js';
import { defineMiddleware } from '../definitions/define-middleware.js';
import { definePolicy } from '../definitions/define-policy.js';
import { KitError } from '../errors/kit-error.js';
import { defineWebSocket } from '../websocket/define-websocket.js';
import { definePlugin } from './define-plugin.js';
import { thrownBy } from '../../../../test-support/rejection.js';

const hello = defineAPI({ handler: async () => ({ hello: 'app' }) });

/** A middleware that appends its name to the `X-Trail` header on the way out. */
const trail = (name: string) =>
  defineMiddleware({
    name,
    handler: async ({ next }) => {
      const response = await next();
      response.headers.append('X-Trail', name);
      return response;
    },
  });

const tickets = definePlugin({
  name: 'tickets',
  routes: {
    'GET /api/tickets/:id': defineAPI({
      input: z.strictObject({ id: z.string() }),
      policy: 'humans-only',
      handler: async ({ input }) => ({ id: input.id }),
    }),
  },
  policies: [
    definePolicy({
      key: 'humans-only',
      title: 'Only people',
      effect: 'deny',
      check: async ({ ctx }) => ({ applies: ctx.authType !== 'human', reason: 'people only' }),
    }),
  ],
  middleware: [trail('tickets')],
});

/** Authenticates `Authorization: Bearer person` as a human, anything else stays anonymous. */
const bearerAuth = definePlugin({
  name: 'bearer-auth',
  middleware: [
    defineMiddleware({
      name: 'bearer',
      handler: async ({ next }) => next(),
      authenticate: async ({ request, ctx }) => {
        const header = request.headers.get('authorization');
        if (header === null) return ctx;
        if (header !== 'Bearer person') throw new KitError('unauthorized', 'Unknown bearer token; send Bearer person.');
        return { ...ctx, authType: 'human', auth: { subject: 'person', method: 'session', permissions: [] } };
      },
    }),
  ],
});

describe('definePlugin', () => {
  it('serves plugin routes and policies over HTTP like the app’s own, with middleware after the app’s', async () => {
    const app = createKitApp({ routes: { 'GET /api/hello': hello }, middleware: [trail('app')], plugins: [tickets, bearerAuth] });
    const server = await app.listen({ port: 0 });
    try {
      const base = `http://127.0.0.1:${server.port}`;
      const own = await fetch(`${base}/api/hello`);
      expect(await own.json()).toEqual({ hello: 'app' });
      // Inner middleware adds its header first: the plugin's ran inside the app's.
      expect(own.headers.get('x-trail')).toBe('tickets, app');

      const anonymous = await fetch(`${base}/api/tickets/t-1`);
      expect(anonymous.status).toBe(403);
      expect((await anonymous.json()).detail).toBe('Policy "humans-only" denies this call: people only.');

      // The plugin's authenticate step takes part in the authentication phase.
      const person = await fetch(`${base}/api/tickets/t-1`, { headers: { Authorization: 'Bearer person' } });
      expect(person.status).toBe(200);
      expect(await person.json()).toEqual({ id: 't-1' });
      const forged = await fetch(`${base}/api/tickets/t-1`, { headers: { Authorization: 'Bearer other' } });
      expect(forged.status).toBe(401);

      expect(Object.keys(app.openapi().paths)).toEqual(['/api/hello', '/api/tickets/{id}']);
      expect(app.registry.routes.map((route) => route.operationId)).toEqual(['get_api_hello', 'get_api_tickets_id']);
    } finally {
      await server.close();
    }
  });

  it('runs setup once every route is registered, so it can add endpoints and observe calls', async () => {
    const events: CallEvent[] = [];
    let routesAtSetup: string[] = [];
    const app = createKitApp({
      routes: { 'GET /api/hello': hello },
      plugins: [
        definePlugin({
          name: 'watcher',
          setup: (kit) => {
            routesAtSetup = kit.registry.routes.map((route) => route.operationId);
            kit.registry.observe((event) => void events.push(event));
            kit.get('/watcher/count', () => Response.json({ calls: events.length }));
          },
        }),
        tickets,
      ],
    });
    expect(routesAtSetup).toEqual(['get_api_hello', 'get_api_tickets_id']);
    await app.fetch(new Request('http://test/api/hello'));
    await app.fetch(new Request('http://test/api/tickets/9'));
    expect(events.map((event) => [event.route.operationId, event.outcome])).toEqual([
      ['get_api_hello', 'succeeded'],
      ['get_api_tickets_id', 'denied'],
    ]);
    expect(await (await app.fetch(new Request('http://test/watcher/count'))).json()).toEqual({ calls: 2 });
  });

  it('refuses a route key, policy key, WebSocket path or plugin name used twice, naming both owners', () => {
    const clash = definePlugin({ name: 'clash', routes: { 'GET /api/hello': hello } });
    expect(thrownBy(() => createKitApp({ routes: { 'GET /api/hello': hello }, plugins: [clash] }), TypeError).message).toBe(
      'createKitApp: route "GET /api/hello" is defined by both the app and plugin "clash"; change the method or path of one of them, or leave it out of one',
    );
    const again = definePlugin({ name: 'again', routes: tickets.routes! });
    expect(thrownBy(() => createKitApp({ routes: {}, plugins: [tickets, again] }), TypeError).message).toContain(
      'route "GET /api/tickets/:id" is defined by both plugin "tickets" and plugin "again"',
    );
    const policyClash = definePlugin({ name: 'policy-clash', policies: tickets.policies! });
    expect(thrownBy(() => createKitApp({ routes: {}, policies: tickets.policies!, plugins: [policyClash] }), TypeError).message).toBe(
      'createKitApp: policy "humans-only" is defined by both the app and plugin "policy-clash"; give each policy its own key',
    );
    const socket = defineWebSocket('/ws', {});
    const socketClash = definePlugin({ name: 'socket-clash', websockets: [defineWebSocket('/ws', {})] });
    expect(thrownBy(() => createKitApp({ routes: {}, websockets: [socket], plugins: [socketClash] }), TypeError).message).toContain(
      'WebSocket endpoint "/ws" is defined by both the app and plugin "socket-clash"',
    );
    expect(thrownBy(() => createKitApp({ routes: {}, plugins: [tickets, tickets] }), TypeError).message).toContain(
      'two plugins are named "tickets"',
    );
  });

  it('names the plugin when it is malformed or its setup fails', () => {
    expect(thrownBy(() => definePlugin({ name: '' }), TypeError).message).toBe(
      'definePlugin: a plugin needs a name, a non-empty string that names it in errors, got ""',
    );
    const nameless = { routes: {} } as unknown as Parameters<typeof definePlugin>[0];
    expect(thrownBy(() => createKitApp({ routes: {}, plugins: [nameless] }), TypeError).message).toContain(
      'createKitApp: a plugin needs a name',
    );
    expect(thrownBy(() => definePlugin({ name: 'x', setup: 'no' as never }), TypeError).message).toContain(
      'setup of plugin "x" must be a function',
    );

    const broken = definePlugin({
      name: 'broken',
      setup: () => {
        throw new Error('database is down');
      },
    });
    const error = thrownBy(() => createKitApp({ routes: {}, plugins: [broken] }), Error);
    expect(error.message).toBe('createKitApp: setup of plugin "broken" failed: database is down');
    expect((error.cause as Error).message).toBe('database is down');

    const asynchronous = definePlugin({ name: 'later', setup: (async () => undefined) as never });
    expect(thrownBy(() => createKitApp({ routes: {}, plugins: [asynchronous] }), TypeError).message).toContain(
      'setup of plugin "later" returned a promise',
    );
  });

  it('closes plugins once when the server closes, last first, and one failing close does not stop the others', async () => {
    const closed: string[] = [];
    const errors: unknown[][] = [];
    const originalError = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      const app = createKitApp({
        routes: {},
        plugins: [
          definePlugin({ name: 'queue', close: async () => void closed.push('queue') }),
          definePlugin({
            name: 'flaky',
            close: () => {
              throw new Error('already gone');
            },
          }),
          definePlugin({ name: 'worker', close: () => void closed.push('worker') }),
        ],
      });
      const server = await app.listen({ port: 0 });
      expect(closed).toEqual([]);
      await server.close();
      expect(closed).toEqual(['worker', 'queue']);
      expect(String(errors[0]?.[0])).toBe('kit-core: close of plugin "flaky" failed:');
      // Closing again, directly, runs nothing twice.
      await app.close();
      expect(closed).toEqual(['worker', 'queue']);
    } finally {
      console.error = originalError;
    }
    expect(thrownBy(() => definePlugin({ name: 'x', close: 'no' as never }), TypeError).message).toContain(
      'close of plugin "x" must be a function',
    );
  });

  it('leaves an app without plugins as it was configured', async () => {
    const app = createKitApp({ routes: { 'GET /api/hello': hello }, plugins: [] });
    expect((await app.fetch(new Request('http://test/api/hello'))).status).toBe(200);
  });
});
