import { request as httpsRequest } from 'node:https';
import { createKitApp, defineAPI, type KitServer } from '@kit/kit-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { generateApiKey } from '../api-key/api-key.js';
import { createTestCa, type PemPair, type TestCa } from '../mtls/testing/certificates.js';
import type { AuthFinders, AuthMiddlewareConfig } from './auth-config.js';
import { createAuthMiddleware } from './create-auth-middleware.js';

const whoami = defineAPI({
  input: z.object({}),
  cache: 'no-store',
  handler: async ({ ctx }) => ({
    authType: ctx.authType,
    subject: ctx.auth?.subject ?? null,
    method: ctx.auth?.method ?? null,
    permissions: ctx.auth?.permissions ?? [],
  }),
});

const apiKey = generateApiKey();
const workloads = new Map([['spiffe://prod.example.org/ns/billing/sa/worker', { permissions: ['invoices:read'] }]]);

let ca: TestCa;
let serverPair: PemPair;
const clients: Record<'worker' | 'stranger' | 'plain' | 'foreign' | 'untrusted', PemPair> = {} as never;

beforeAll(async () => {
  ca = await createTestCa();
  const otherCa = await createTestCa('another CA');
  [serverPair, clients.worker, clients.stranger, clients.plain, clients.foreign, clients.untrusted] = await Promise.all([
    ca.issue({ commonName: 'localhost', dns: ['localhost'], ips: ['127.0.0.1'], usage: 'server' }),
    ca.issue({ commonName: 'worker', uris: ['spiffe://prod.example.org/ns/billing/sa/worker'], usage: 'client' }),
    ca.issue({ commonName: 'stranger', uris: ['spiffe://prod.example.org/ns/unknown/sa/job'], usage: 'client' }),
    ca.issue({ commonName: 'plain client', usage: 'client' }),
    ca.issue({ commonName: 'foreign', uris: ['spiffe://evil.example.net/x'], usage: 'client' }),
    otherCa.issue({ commonName: 'untrusted', uris: ['spiffe://prod.example.org/ns/billing/sa/worker'], usage: 'client' }),
  ]);
});

async function serveTls(config: AuthMiddlewareConfig, finders: AuthFinders): Promise<KitServer> {
  const app = createKitApp({ middleware: [createAuthMiddleware(config, finders)], routes: { 'GET /api/whoami': whoami } });
  return app.listen({ port: 0, tls: { key: serverPair.key, cert: serverPair.cert, ca: ca.cert, requestCert: true } });
}

function get(
  port: number,
  client: PemPair | undefined,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      {
        host: '127.0.0.1',
        port,
        path: '/api/whoami',
        method: 'GET',
        ca: ca.cert,
        ...(client ? { cert: client.cert, key: client.key } : {}),
        headers,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('SPIFFE identities over mutual TLS', () => {
  let server: KitServer;

  beforeAll(async () => {
    server = await serveTls(
      { mtls: { trustDomains: ['prod.example.org'] } },
      {
        findWorkload: (id) => workloads.get(id) ?? null,
        findApiKey: (prefix) => (prefix === apiKey.prefix ? { subject: 'agent:key', hash: apiKey.hash } : null),
      },
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  it('resolves a trusted workload certificate to an agent with its SPIFFE ID', async () => {
    const response = await get(server.port, clients.worker);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      authType: 'agent',
      subject: 'spiffe://prod.example.org/ns/billing/sa/worker',
      method: 'mtls',
      permissions: ['invoices:read'],
    });
  });

  it('prefers the certificate over an API key sent on the same connection', async () => {
    const response = await get(server.port, clients.worker, { 'x-api-key': apiKey.key });
    expect(response.body).toMatchObject({ method: 'mtls' });
  });

  it('falls back to other credentials when the client sends no certificate', async () => {
    expect((await get(server.port, undefined)).body).toMatchObject({ authType: 'anonymous' });
    expect((await get(server.port, undefined, { 'x-api-key': apiKey.key })).body).toMatchObject({
      authType: 'agent',
      method: 'api_key',
      subject: 'agent:key',
    });
  });

  it('refuses a certificate without a SPIFFE ID (401)', async () => {
    const response = await get(server.port, clients.plain);
    expect(response.status).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer error="invalid_token"');
    expect(response.body.detail).toContain('carries no SPIFFE ID');
  });

  it('refuses a certificate the server CA did not issue, naming why (401)', async () => {
    const response = await get(server.port, clients.untrusted);
    expect(response.status).toBe(401);
    expect(response.body.detail).toMatch(/^The client certificate is not trusted \([A-Z_]+\)/);
  });

  it('refuses another trust domain and an unknown workload (403)', async () => {
    const foreign = await get(server.port, clients.foreign);
    expect(foreign.status).toBe(403);
    expect(foreign.body.detail).toContain('trust domain evil.example.net, which this server does not accept');
    const stranger = await get(server.port, clients.stranger);
    expect(stranger.status).toBe(403);
    expect(stranger.body.detail).toContain('spiffe://prod.example.org/ns/unknown/sa/job is not known');
  });
});

describe('mutual TLS without findWorkload, and without mtls', () => {
  it('accepts any workload of a trusted domain with no permissions', async () => {
    const server = await serveTls({ mtls: { trustDomains: ['prod.example.org', 'staging.example.org'] } }, {});
    try {
      expect((await get(server.port, clients.stranger)).body).toEqual({
        authType: 'agent',
        subject: 'spiffe://prod.example.org/ns/unknown/sa/job',
        method: 'mtls',
        permissions: [],
      });
    } finally {
      await server.close();
    }
  });

  it('ignores client certificates when mtls is not configured', async () => {
    const server = await serveTls({}, { findApiKey: () => null });
    try {
      expect((await get(server.port, clients.worker)).body).toMatchObject({ authType: 'anonymous' });
    } finally {
      await server.close();
    }
  });
});
