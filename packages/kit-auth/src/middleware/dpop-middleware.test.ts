import { createKitApp, defineAPI, MemoryStore, RedisStore, type KitServer, type ReplayStore } from '@kit/kit-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startRedis, type TestRedis } from '../../../../test-support/redis-server.js';
import { generateApiKey } from '../api-key/api-key.js';
import { dpopKey, makeProof, type DPoPTestKey } from '../dpop/testing/dpop-client.js';
import { signSession } from '../session/sign-session.js';
import type { ApiKeyRecord } from './auth-config.js';
import { createAuthMiddleware } from './create-auth-middleware.js';

const sessionSecret = 'dpop-middleware-secret-of-32-characters';
const boundKey = generateApiKey();
const plainKey = generateApiKey();

const whoami = defineAPI({
  input: z.object({}),
  cache: 'no-store',
  handler: async ({ ctx }) => ({
    authType: ctx.authType,
    subject: ctx.auth?.subject ?? null,
    keyThumbprint: ctx.auth?.keyThumbprint ?? null,
  }),
});

let redis: TestRedis;
let redisStore: RedisStore;
let client: DPoPTestKey;
let intruder: DPoPTestKey;

beforeAll(async () => {
  [redis, client, intruder] = await Promise.all([startRedis(), dpopKey('ES256'), dpopKey('ES256')]);
  redisStore = new RedisStore({ url: redis.url });
});
afterAll(async () => {
  await redisStore?.close();
  await redis?.stop();
});

async function serve(replayStore: ReplayStore, required = false): Promise<{ server: KitServer; url: string }> {
  const keys = new Map<string, ApiKeyRecord>([
    [boundKey.prefix, { subject: 'agent:bound', hash: boundKey.hash, keyThumbprint: client.thumbprint }],
    [plainKey.prefix, { subject: 'agent:plain', hash: plainKey.hash }],
  ]);
  const auth = createAuthMiddleware(
    { sessionSecret, dpop: { replayStore, required } },
    { findApiKey: (prefix) => keys.get(prefix) ?? null },
  );
  const server = await createKitApp({ middleware: [auth], routes: { 'GET /api/whoami': whoami } }).listen({ port: 0 });
  return { server, url: `http://127.0.0.1:${server.port}/api/whoami` };
}

async function refusal(response: Response, code: string, detail: string): Promise<void> {
  const body = (await response.json()) as { detail: string };
  expect(response.status).toBe(401);
  expect(response.headers.get('www-authenticate')).toBe(
    !code.startsWith('dpop_')
      ? 'Bearer error="invalid_token"'
      : code === 'dpop_required'
        ? 'DPoP error="invalid_token"'
        : 'DPoP error="invalid_dpop_proof"',
  );
  expect(body.detail).toContain(detail);
}

describe.each([
  ['MemoryStore', () => new MemoryStore() as ReplayStore],
  ['RedisStore', () => redisStore as ReplayStore],
])('DPoP through the middleware with a %s', (_name, store) => {
  let server: KitServer;
  let url: string;

  beforeAll(async () => {
    ({ server, url } = await serve(store()));
  });
  afterAll(async () => {
    await server?.close();
  });

  it('accepts a bound API key with a proof of its key, once', async () => {
    const proof = await makeProof(client, { htm: 'GET', htu: url, accessToken: boundKey.key });
    const headers = { authorization: `DPoP ${boundKey.key}`, dpop: proof };
    const ok = await fetch(url, { headers });
    expect(await ok.json()).toEqual({ authType: 'agent', subject: 'agent:bound', keyThumbprint: client.thumbprint });
    await refusal(await fetch(url, { headers }), 'dpop_replayed', 'already used');
    const bearer = await fetch(url, {
      headers: {
        authorization: `Bearer ${boundKey.key}`,
        dpop: await makeProof(client, { htm: 'GET', htu: `${url}?x=1`, accessToken: boundKey.key }),
      },
    });
    expect(bearer.status).toBe(200);
    await bearer.arrayBuffer();
  });

  it('refuses a bound credential without a proof, or with a proof of another key', async () => {
    await refusal(await fetch(url, { headers: { 'x-api-key': boundKey.key } }), 'dpop_required', 'bound to a key');
    const foreign = await makeProof(intruder, { htm: 'GET', htu: url, accessToken: boundKey.key });
    await refusal(await fetch(url, { headers: { 'x-api-key': boundKey.key, dpop: foreign } }), 'dpop_key_mismatch', 'another key');
  });

  it('refuses proofs for another method or URL, stale ones and ones without the ath of the credential', async () => {
    const send = (proof: string) => fetch(url, { headers: { authorization: `DPoP ${boundKey.key}`, dpop: proof } });
    await refusal(
      await send(await makeProof(client, { htm: 'POST', htu: url, accessToken: boundKey.key })),
      'dpop_invalid',
      'method "POST"',
    );
    await refusal(
      await send(await makeProof(client, { htm: 'GET', htu: url.replace('/api/whoami', '/api/other'), accessToken: boundKey.key })),
      'dpop_invalid',
      'htu must be',
    );
    await refusal(
      await send(await makeProof(client, { htm: 'GET', htu: url, accessToken: boundKey.key, iat: Math.floor(Date.now() / 1000) - 3600 })),
      'dpop_invalid',
      'more than the 300 s',
    );
    await refusal(await send(await makeProof(client, { htm: 'GET', htu: url })), 'dpop_invalid', 'ath');
  });

  it('binds a session through its cnf.jkt claim; a cookie session needs no ath', async () => {
    const token = await signSession({ sub: 'user_9', cnf: { jkt: client.thumbprint } }, sessionSecret);
    await refusal(await fetch(url, { headers: { cookie: `kit_session=${token}` } }), 'dpop_required', 'This session is bound to a key');
    const ok = await fetch(url, { headers: { cookie: `kit_session=${token}`, dpop: await makeProof(client, { htm: 'GET', htu: url }) } });
    expect(await ok.json()).toEqual({ authType: 'human', subject: 'user_9', keyThumbprint: client.thumbprint });
    const header = await fetch(url, {
      headers: { authorization: `DPoP ${token}`, dpop: await makeProof(client, { htm: 'GET', htu: url, accessToken: token }) },
    });
    expect(header.status).toBe(200);
    await header.arrayBuffer();
  });

  it('checks a proof sent with an unbound credential, and asks for one with the DPoP scheme', async () => {
    const ok = await fetch(url, {
      headers: { 'x-api-key': plainKey.key, dpop: await makeProof(intruder, { htm: 'GET', htu: url, accessToken: plainKey.key }) },
    });
    expect(await ok.json()).toEqual({ authType: 'agent', subject: 'agent:plain', keyThumbprint: intruder.thumbprint });
    expect((await fetch(url, { headers: { 'x-api-key': plainKey.key } })).status).toBe(200);
    await refusal(await fetch(url, { headers: { authorization: `DPoP ${plainKey.key}` } }), 'dpop_required', 'DPoP scheme');
    await refusal(await fetch(url, { headers: { 'x-api-key': plainKey.key, dpop: 'garbage' } }), 'dpop_malformed', 'not a signed JWT');
  });
});

describe('dpop.required', () => {
  it('asks a proof with every credential', async () => {
    const { server, url } = await serve(new MemoryStore(), true);
    try {
      await refusal(
        await fetch(url, { headers: { 'x-api-key': plainKey.key } }),
        'dpop_required',
        'requires a DPoP proof with every API key',
      );
      const ok = await fetch(url, {
        headers: { 'x-api-key': plainKey.key, dpop: await makeProof(client, { htm: 'GET', htu: url, accessToken: plainKey.key }) },
      });
      expect(ok.status).toBe(200);
      await ok.arrayBuffer();
      const anonymous = await fetch(url);
      expect(await anonymous.json()).toMatchObject({ authType: 'anonymous' });
    } finally {
      await server.close();
    }
  });
});
