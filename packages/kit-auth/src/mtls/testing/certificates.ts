// @peculiar/x509 resolves its parts through tsyringe, which needs the Reflect metadata API loaded first.
import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

const algorithm = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };

/** A certificate and its private key, both PEM. */
export interface PemPair {
  readonly cert: string;
  readonly key: string;
}

/** A certificate authority that can issue leaf certificates. */
export interface TestCa extends PemPair {
  issue(options: {
    commonName: string;
    uris?: readonly string[];
    dns?: readonly string[];
    ips?: readonly string[];
    usage: 'server' | 'client';
  }): Promise<PemPair>;
}

function keyPair(): Promise<CryptoKeyPair> {
  return webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify']) as Promise<CryptoKeyPair>;
}

async function privateKeyPem(key: CryptoKey): Promise<string> {
  return x509.PemConverter.encode(await webcrypto.subtle.exportKey('pkcs8', key), 'PRIVATE KEY');
}

const notBefore = () => new Date(Date.now() - 60_000);
const notAfter = () => new Date(Date.now() + 24 * 3600_000);

/** A new CA with a self-signed ECDSA P-256 root, valid for a day. */
export async function createTestCa(name = 'kit-auth test CA'): Promise<TestCa> {
  const keys = await keyPair();
  const root = await x509.X509CertificateGenerator.createSelfSigned({
    name: `CN=${name}`,
    notBefore: notBefore(),
    notAfter: notAfter(),
    signingAlgorithm: algorithm,
    keys,
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return {
    cert: root.toString('pem'),
    key: await privateKeyPem(keys.privateKey),
    issue: async ({ commonName, uris = [], dns = [], ips = [], usage }) => {
      const leafKeys = await keyPair();
      const names: x509.JsonGeneralName[] = [
        ...uris.map((value) => ({ type: 'url' as const, value })),
        ...dns.map((value) => ({ type: 'dns' as const, value })),
        ...ips.map((value) => ({ type: 'ip' as const, value })),
      ];
      const leaf = await x509.X509CertificateGenerator.create({
        subject: `CN=${commonName}`,
        issuer: root.subject,
        notBefore: notBefore(),
        notAfter: notAfter(),
        signingAlgorithm: algorithm,
        publicKey: leafKeys.publicKey,
        signingKey: keys.privateKey,
        extensions: [
          new x509.BasicConstraintsExtension(false, undefined, true),
          new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
          new x509.ExtendedKeyUsageExtension([usage === 'server' ? x509.ExtendedKeyUsage.serverAuth : x509.ExtendedKeyUsage.clientAuth]),
          await x509.AuthorityKeyIdentifierExtension.create(keys.publicKey),
          ...(names.length > 0 ? [new x509.SubjectAlternativeNameExtension(names)] : []),
        ],
      });
      return { cert: leaf.toString('pem'), key: await privateKeyPem(leafKeys.privateKey) };
    },
  };
}
