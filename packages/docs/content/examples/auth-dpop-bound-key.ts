// ---
// title: Binding an API key to a client key with DPoP
// description: Stores the JWK thumbprint of an agent's Ed25519 key as keyThumbprint in its API key record, so createAuthMiddleware accepts the key only with a DPoP proof signed by that key; the proofs are made with node:crypto, and a replayed proof or a missing one is refused.
// topics: [authentication, agents]
// relatedDocs: /docs/authentication#dpop
// ---
import { createHash, generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { createAuthMiddleware, generateApiKey, type ApiKeyRecord } from '@kit/kit-auth';
import { createKitApp, defineAPI } from '@kit/kit-core';
import { z } from 'zod';

const base64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');
const sha256 = (text: string) => createHash('sha256').update(text).digest();

// The agent's key pair, and the RFC 7638 thumbprint of its public key (required members, sorted).
const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const jwk = publicKey.export({ format: 'jwk' }); // { crv: 'Ed25519', x, kty: 'OKP' }
const thumbprint = base64url(sha256(JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x })));

// A DPoP proof (RFC 9449) for one request: the method, the URL, a fresh jti, and ath, the hash of the key it travels with.
function dpopProof(method: string, url: string, credential: string): string {
  const header = base64url(JSON.stringify({ typ: 'dpop+jwt', alg: 'EdDSA', jwk }));
  const claims = base64url(JSON.stringify({ jti: randomUUID(), htm: method, htu: url, iat: Math.floor(Date.now() / 1000), ath: base64url(sha256(credential)) }));
  return `${header}.${claims}.${base64url(sign(null, Buffer.from(`${header}.${claims}`), privateKey))}`;
}

// The key's record is bound: every request with it needs a proof signed by that key.
const issued = generateApiKey();
const apiKeys = new Map<string, ApiKeyRecord>([[issued.prefix, { subject: 'agent:deploy-bot', hash: issued.hash, keyThumbprint: thumbprint }]]);

const app = createKitApp({
  // Proof ids are remembered in a MemoryStore; pass dpop: { replayStore: new RedisStore(...) } across replicas.
  middleware: [createAuthMiddleware({}, { findApiKey: (prefix) => apiKeys.get(prefix) ?? null })],
  routes: {
    'GET /api/whoami': defineAPI({
      input: z.object({}),
      cache: 'no-store',
      handler: async ({ ctx }) => ({ subject: ctx.auth?.subject ?? null, keyThumbprint: ctx.auth?.keyThumbprint ?? null }),
    }),
  },
});

const url = 'http://localhost/api/whoami';
const call = async (headers: Record<string, string>) => {
  const response = await app.fetch(new Request(url, { headers }));
  return { status: response.status, challenge: response.headers.get('www-authenticate'), body: await response.json() };
};

const proof = dpopProof('GET', url, issued.key);
console.log('with a proof ', await call({ authorization: `DPoP ${issued.key}`, dpop: proof }));
console.log('same proof   ', await call({ authorization: `DPoP ${issued.key}`, dpop: proof })); // 401 dpop_replayed
console.log('no proof     ', await call({ authorization: `Bearer ${issued.key}` })); // 401 dpop_required
