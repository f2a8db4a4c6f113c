import { MemoryStore, RedisStore, type ReplayStore } from '@kit/kit-core';
import { SignJWT, base64url, exportJWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejectionOf } from '../../../../test-support/rejection.js';
import { startRedis, type TestRedis } from '../../../../test-support/redis-server.js';
import { KitAuthError } from '../errors/kit-auth-error.js';
import { dpopKey, makeProof, type DPoPTestKey } from './testing/dpop-client.js';
import { verifyDPoPProof } from './verify-dpop-proof.js';

const url = 'https://api.example.org/api/tickets?limit=5#top';
const htu = 'https://api.example.org/api/tickets';

let redis: TestRedis;
let redisStore: RedisStore;
let es256: DPoPTestKey;

beforeAll(async () => {
  redis = await startRedis();
  redisStore = new RedisStore({ url: redis.url });
  es256 = await dpopKey('ES256');
});
afterAll(async () => {
  await redisStore?.close();
  await redis?.stop();
});

describe.each([
  ['MemoryStore', () => new MemoryStore() as ReplayStore],
  ['RedisStore', () => redisStore as ReplayStore],
])('verifyDPoPProof with a %s', (_name, store) => {
  it('accepts a fresh proof once and refuses its replay', async () => {
    const replayStore = store();
    const proof = await makeProof(es256, { htm: 'POST', htu });
    const verified = await verifyDPoPProof(proof, { method: 'POST', url, replayStore });
    expect(verified.thumbprint).toBe(es256.thumbprint);
    expect(verified.jti).toMatch(/^[0-9a-f-]{36}$/);
    const replay = await rejectionOf(verifyDPoPProof(proof, { method: 'POST', url, replayStore }), KitAuthError);
    expect(replay.code).toBe('dpop_replayed');
    expect(replay.toKitError().headers['WWW-Authenticate']).toBe('DPoP error="invalid_dpop_proof"');
  });

  it('does not use up the jti of a proof refused for another reason', async () => {
    const replayStore = store();
    const jti = `jti-${Math.random()}`;
    const proof = await makeProof(es256, { htm: 'GET', htu, jti });
    expect((await rejectionOf(verifyDPoPProof(proof, { method: 'POST', url, replayStore }), KitAuthError)).code).toBe('dpop_invalid');
    expect((await verifyDPoPProof(proof, { method: 'GET', url, replayStore })).jti).toBe(jti);
  });
});

describe('verifyDPoPProof checks', () => {
  const replayStore = new MemoryStore();
  const refusal = async (proof: string, expected: { method?: string; url?: string; accessToken?: string; maxAgeSeconds?: number } = {}) =>
    rejectionOf(
      verifyDPoPProof(proof, { method: expected.method ?? 'GET', url: expected.url ?? url, replayStore, ...expected }),
      KitAuthError,
    );

  it('accepts RSA (PS256) and Ed25519 keys too, and a normalised htu', async () => {
    for (const alg of ['PS256', 'EdDSA']) {
      const key = await dpopKey(alg);
      const verified = await verifyDPoPProof(await makeProof(key, { htm: 'GET', htu: 'HTTPS://API.example.org:443/api/tickets' }), {
        method: 'GET',
        url,
        replayStore,
      });
      expect(verified.thumbprint).toBe(key.thumbprint);
    }
  });

  it('refuses the wrong method or URL', async () => {
    const wrongMethod = await refusal(await makeProof(es256, { htm: 'POST', htu }));
    expect(wrongMethod.code).toBe('dpop_invalid');
    expect(wrongMethod.message).toContain('method "POST", not GET');
    for (const other of [
      'https://api.example.org/api/ticket',
      'http://api.example.org/api/tickets',
      'https://evil.example.org/api/tickets',
      'https://api.example.org:8443/api/tickets',
      'not a url',
    ]) {
      const error = await refusal(await makeProof(es256, { htm: 'GET', htu: other }));
      expect(error.code, other).toBe('dpop_invalid');
    }
  });

  it('refuses a stale or future iat, within maxAgeSeconds either way', async () => {
    const now = Math.floor(Date.now() / 1000);
    const stale = await refusal(await makeProof(es256, { htm: 'GET', htu, iat: now - 301 }));
    expect(stale.code).toBe('dpop_invalid');
    expect(stale.message).toMatch(/issued 30\d s ago, more than the 300 s accepted/);
    expect((await refusal(await makeProof(es256, { htm: 'GET', htu, iat: now + 400 }))).message).toContain('in the future');
    await verifyDPoPProof(await makeProof(es256, { htm: 'GET', htu, iat: now - 200 }), { method: 'GET', url, replayStore });
    expect((await refusal(await makeProof(es256, { htm: 'GET', htu, iat: now - 200 }), { maxAgeSeconds: 60 })).code).toBe('dpop_invalid');
  });

  it('checks ath against the access token', async () => {
    const token = 'kit_ab12cd34_' + 'x'.repeat(43);
    await verifyDPoPProof(await makeProof(es256, { htm: 'GET', htu, accessToken: token }), {
      method: 'GET',
      url,
      replayStore,
      accessToken: token,
    });
    expect((await refusal(await makeProof(es256, { htm: 'GET', htu, accessToken: 'another' }), { accessToken: token })).message).toContain(
      'ath',
    );
    expect((await refusal(await makeProof(es256, { htm: 'GET', htu }), { accessToken: token })).code).toBe('dpop_invalid');
  });

  it('refuses a wrong typ, a symmetric or none alg, a private jwk and a forged signature', async () => {
    expect((await refusal(await makeProof(es256, { htm: 'GET', htu, typ: 'JWT' }))).code).toBe('dpop_malformed');
    const secret = new TextEncoder().encode('x'.repeat(32));
    const hmac = await new SignJWT({ htm: 'GET', htu, jti: 'h' })
      .setProtectedHeader({ alg: 'HS256', typ: 'dpop+jwt', jwk: { kty: 'oct', k: base64url.encode(secret) } as never })
      .setIssuedAt()
      .sign(secret);
    expect((await refusal(hmac)).message).toContain('asymmetric');
    const none = `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'dpop+jwt', jwk: es256.publicJwk }))}.${base64url.encode(JSON.stringify({ htm: 'GET', htu, jti: 'n', iat: Math.floor(Date.now() / 1000) }))}.`;
    expect((await refusal(none)).code).toBe('dpop_malformed');
    const privateJwk = await exportJWK(es256.privateKey);
    const leaky = await refusal(await makeProof(es256, { htm: 'GET', htu, jwk: privateJwk }));
    expect(leaky.code).toBe('dpop_invalid');
    expect(leaky.message).toContain('private key members (d)');
    const other = await dpopKey('ES256');
    const forged = await refusal(await makeProof(es256, { htm: 'GET', htu, jwk: other.publicJwk }));
    expect(forged.code).toBe('dpop_invalid');
    expect(forged.message).toContain('signature');
  });

  it('refuses missing claims and garbage', async () => {
    expect((await refusal(await makeProof(es256, { htm: 'GET', htu, jti: '' }))).message).toContain('jti');
    const noJwk = await new SignJWT({ htm: 'GET', htu, jti: 'j' })
      .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt' })
      .setIssuedAt()
      .sign(es256.privateKey);
    expect((await refusal(noJwk)).message).toContain('no jwk');
    for (const garbage of ['', 'abc', 'a.b.c', `${base64url.encode('[1]')}.e30.c2ln`]) {
      expect((await refusal(garbage)).code, garbage).toBe('dpop_malformed');
    }
  });

  it('refuses bad settings as invalid_config', async () => {
    const proof = await makeProof(es256, { htm: 'GET', htu });
    const badStore = await rejectionOf(verifyDPoPProof(proof, { method: 'GET', url, replayStore: {} as ReplayStore }), KitAuthError);
    expect(badStore.code).toBe('invalid_config');
    expect((await rejectionOf(verifyDPoPProof(proof, { method: 'GET', url: '/relative', replayStore }), KitAuthError)).code).toBe(
      'invalid_config',
    );
    expect((await rejectionOf(verifyDPoPProof(proof, { method: 'get', url, replayStore }), KitAuthError)).code).toBe('invalid_config');
    expect((await rejectionOf(verifyDPoPProof(proof, { method: 'GET', url, replayStore, maxAgeSeconds: 0 }), KitAuthError)).code).toBe(
      'invalid_config',
    );
  });
});
