import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createKitApp, defineAPI } from '@kit/kit-core';
import { pino } from 'pino';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendRaw } from '../../../../test-support/http.js';
import { defaultLimits } from '../../src/server/limits.js';
import { createRequestListener } from '../../src/server/request-listener.js';

describe('faults in handlers', () => {
  let server: Server;
  let base: string;
  const observed: number[] = [];

  beforeAll(async () => {
    const app = createKitApp({
      routes: {
        'GET /api/boom': defineAPI({ handler: async () => Promise.reject(new Error('database is on fire at /srv/secret/path')) }),
        'GET /api/slow': defineAPI({ handler: () => new Promise((resolve) => setTimeout(() => resolve({ late: true }), 2_000)) }),
        'GET /api/ok': defineAPI({ handler: async () => ({ ok: true }) }),
      },
    });
    app.get('/raw-boom', () => {
      throw new TypeError('raw handler failed');
    });
    const listener = createRequestListener({
      app,
      logger: pino({ level: 'silent' }),
      metrics: { registry: new Registry(), observe: (_route, _method, status) => observed.push(status) },
      limits: { ...defaultLimits, handlerTimeoutMs: 200 },
      mcpHosts: undefined,
      isClosing: () => false,
    });
    server = createServer(listener);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers a failing handler with a 500 problem that reveals nothing, and keeps serving', async () => {
    for (const path of ['/api/boom', '/raw-boom']) {
      const response = await sendRaw(`${base}${path}`);
      expect(response.status).toBe(500);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.text).not.toMatch(/fire|secret|raw handler|TypeError|at /);
    }
    expect((await sendRaw(`${base}/api/ok`)).status).toBe(200);
  });

  it('answers 503 with Retry-After when a handler takes longer than the timeout', async () => {
    const started = Date.now();
    const response = await sendRaw(`${base}/api/slow`);
    expect(response.status).toBe(503);
    expect(response.headers['retry-after']).toBe('1');
    expect(response.json().type).toBe('/problems/timeout');
    expect(Date.now() - started).toBeLessThan(1_500);
    expect((await sendRaw(`${base}/api/ok`)).status).toBe(200);
  });

  it('counts every request in the metrics', () => {
    expect(observed).toContain(500);
    expect(observed).toContain(503);
    expect(observed).toContain(200);
  });
});
