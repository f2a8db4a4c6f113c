import { X509Certificate } from 'node:crypto';
import type { PeerCertificate } from 'node:tls';
import { beforeAll, describe, expect, it } from 'vitest';
import { thrownBy } from '../../../../test-support/rejection.js';
import { KitAuthError } from '../errors/kit-auth-error.js';
import { parseSpiffeId, spiffeIdFromCertificate, spiffeIdOf, subjectAltNames } from './spiffe-id.js';
import { createTestCa, type TestCa } from './testing/certificates.js';

let ca: TestCa;

/** What Node's TLS layer would report for this certificate: its subjectaltname string, as Node formats it. */
async function peerOf(sans: { uris?: string[]; dns?: string[] }): Promise<PeerCertificate> {
  const { cert } = await ca.issue({ commonName: 'workload', usage: 'client', ...sans });
  const subjectaltname = new X509Certificate(cert).subjectAltName;
  return { subjectaltname } as PeerCertificate;
}

beforeAll(async () => {
  ca = await createTestCa();
});

describe('spiffeIdFromCertificate', () => {
  it('reads the single spiffe:// URI SAN of a certificate', async () => {
    const peer = await peerOf({ uris: ['spiffe://prod.example.org/ns/billing/sa/worker'], dns: ['worker.internal'] });
    expect(spiffeIdFromCertificate(peer)).toBe('spiffe://prod.example.org/ns/billing/sa/worker');
    expect(spiffeIdOf(peer)).toEqual({
      id: 'spiffe://prod.example.org/ns/billing/sa/worker',
      trustDomain: 'prod.example.org',
      path: '/ns/billing/sa/worker',
    });
  });

  it('says spiffe_id_missing without a SPIFFE URI SAN', async () => {
    for (const sans of [{}, { dns: ['localhost'] }, { uris: ['https://example.org/x'] }]) {
      const error = thrownBy(() => spiffeIdFromCertificate(undefined as unknown as PeerCertificate), KitAuthError);
      expect(error.code).toBe('spiffe_id_missing');
      const peer = await peerOf(sans);
      expect(thrownBy(() => spiffeIdFromCertificate(peer), KitAuthError).code).toBe('spiffe_id_missing');
    }
  });

  it('says spiffe_id_malformed for several URI SANs or a bad ID', async () => {
    const two = await peerOf({ uris: ['spiffe://a.org/x', 'spiffe://a.org/y'] });
    expect(thrownBy(() => spiffeIdFromCertificate(two), KitAuthError).message).toContain('2 URI subject alternative names');
    for (const id of [
      'spiffe://Prod.org/x',
      'spiffe://a.org',
      'spiffe://a.org/',
      'spiffe://a.org/x/',
      'spiffe://a.org/x/../y',
      'spiffe://a.org:8443/x',
      'spiffe://a.org/x?y=1',
      'spiffe://user@a.org/x',
    ]) {
      const error = thrownBy(() => spiffeIdFromCertificate({ subjectaltname: `URI:${id}` } as PeerCertificate), KitAuthError);
      expect(error.code, id).toBe('spiffe_id_malformed');
    }
  });

  it('decodes the values Node quotes, so a comma cannot forge a second entry', async () => {
    const peer = await peerOf({ uris: ['spiffe://a.org/x,URI:spiffe://b.org/y'] });
    expect(peer.subjectaltname).toContain('"');
    expect(subjectAltNames(peer.subjectaltname)).toEqual([{ type: 'URI', value: 'spiffe://a.org/x,URI:spiffe://b.org/y' }]);
    expect(thrownBy(() => spiffeIdFromCertificate(peer), KitAuthError).code).toBe('spiffe_id_malformed');
  });
});

describe('parseSpiffeId', () => {
  it('accepts the characters the SPIFFE standard allows', () => {
    expect(parseSpiffeId('spiffe://my_domain-1.example/a.b/c-d/e_f')).toEqual({
      id: 'spiffe://my_domain-1.example/a.b/c-d/e_f',
      trustDomain: 'my_domain-1.example',
      path: '/a.b/c-d/e_f',
    });
    expect(parseSpiffeId('SPIFFE://a.org/x')).toHaveProperty('reason');
    expect(parseSpiffeId(`spiffe://a.org/${'x'.repeat(2100)}`)).toHaveProperty('reason');
  });
});
