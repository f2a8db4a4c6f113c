import { createKitApp, defineAPI, KitError } from '@kit/kit-core';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createOpsStore, type OpsStore } from './create-ops-store.js';
import { opsMiddleware } from './ops-middleware.js';
import { useTempDatabases } from './testing/temp-files.js';

const tempDatabase = useTempDatabases();
let ops: OpsStore | undefined;
afterEach(() => ops?.close());

function app(store: OpsStore, onError?: (error: unknown) => void) {
  return createKitApp({
    middleware: [
      opsMiddleware(store, { ...(onError ? { onError } : {}), filter: (request) => new URL(request.url).pathname !== '/api/ping' }),
    ],
    routes: {
      'GET /api/search': defineAPI({ input: z.strictObject({ q: z.string() }), handler: async ({ input }) => ({ q: input.q }) }),
      'GET /api/broken': defineAPI({
        handler: async () => {
          throw new Error('index missing');
        },
      }),
      'GET /api/private': defineAPI({
        handler: async () => {
          throw new KitError('forbidden', 'only operators may look here.');
        },
      }),
      'GET /api/ping': defineAPI({ handler: async () => ({ ok: true }) }),
    },
  });
}

describe('opsMiddleware', () => {
  it('records each request of a served kit app with route, method, HTTP status, duration and request id', async () => {
    ops = createOpsStore({
      path: tempDatabase(),
      rules: [{ name: 'route-5xx', match: { kind: 'request', status: 'error' }, open: { count: 2, withinMs: 60_000 } }],
    });
    const server = await app(ops).listen({ port: 0 });
    try {
      const base = `http://127.0.0.1:${server.port}`;
      const ok = await fetch(`${base}/api/search?q=agents`, { headers: { 'X-Request-Id': 'req-42' } });
      expect(ok.status).toBe(200);
      expect((await fetch(`${base}/api/search`)).status).toBe(400);
      expect((await fetch(`${base}/api/broken`)).status).toBe(500);
      expect((await fetch(`${base}/api/broken`)).status).toBe(500);
      expect((await fetch(`${base}/api/private`)).status).toBe(403);
      expect((await fetch(`${base}/api/ping`)).status).toBe(200);
    } finally {
      await server.close();
    }
    const events = ops.query({ kind: 'request', order: 'asc' });
    expect(events.map((event) => [event.subject, event.status, event.data.httpStatus])).toEqual([
      ['GET /api/search', 'ok', 200],
      ['GET /api/search', 'ok', 400],
      ['GET /api/broken', 'error', 500],
      ['GET /api/broken', 'error', 500],
      ['GET /api/private', 'ok', 403],
    ]);
    expect(events[0]).toMatchObject({ correlationId: 'req-42', data: { method: 'GET', path: '/api/search', authType: 'anonymous' } });
    expect(events[0]?.durationMs).toBeGreaterThanOrEqual(0);
    expect(events[2]?.data.error).toBe('index missing');
    expect(ops.incidents({ open: true }).map((incident) => [incident.rule, incident.subject])).toEqual([['route-5xx', 'GET /api/broken']]);
  });

  it('answers requests the same when the event cannot be recorded, and reports why', async () => {
    const store = createOpsStore({ path: tempDatabase() });
    const failures: unknown[] = [];
    const served = app(store, (error) => failures.push(error));
    store.close();
    const response = await served.fetch(new Request('http://test/api/search?q=x'));
    expect(response.status).toBe(200);
    expect(failures).toHaveLength(1);
    expect((failures[0] as Error).message).toContain('record was called after close()');
  });
});
