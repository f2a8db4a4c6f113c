import { createHash, randomUUID } from 'node:crypto';
import { SignJWT, calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK, type CryptoKey } from 'jose';

/** A client's DPoP key pair, as a test makes it with jose. */
export interface DPoPTestKey {
  readonly privateKey: CryptoKey;
  readonly publicJwk: JWK;
  readonly thumbprint: string;
  readonly alg: string;
}

/** A fresh key pair and its RFC 7638 thumbprint. */
export async function dpopKey(alg = 'ES256'): Promise<DPoPTestKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  return { privateKey, publicJwk, thumbprint: await calculateJwkThumbprint(publicJwk, 'sha256'), alg };
}

/** What goes into a proof; anything left out gets the correct value. */
export interface ProofOptions {
  readonly htm: string;
  readonly htu: string;
  readonly accessToken?: string;
  readonly iat?: number;
  readonly jti?: string;
  readonly typ?: string;
  readonly jwk?: JWK;
  readonly claims?: Record<string, unknown>;
}

/** Signs a DPoP proof with the key, as a client would. */
export async function makeProof(key: DPoPTestKey, options: ProofOptions): Promise<string> {
  const ath = options.accessToken === undefined ? {} : { ath: createHash('sha256').update(options.accessToken).digest('base64url') };
  return new SignJWT({ htm: options.htm, htu: options.htu, jti: options.jti ?? randomUUID(), ...ath, ...options.claims })
    .setProtectedHeader({ alg: key.alg, typ: options.typ ?? 'dpop+jwt', jwk: options.jwk ?? key.publicJwk })
    .setIssuedAt(options.iat ?? Math.floor(Date.now() / 1000))
    .sign(key.privateKey);
}
