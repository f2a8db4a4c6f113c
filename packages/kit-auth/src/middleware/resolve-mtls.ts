import type { AuthIdentity, ConnectionInfo } from '@kit/kit-core';
import { KitAuthError } from '../errors/kit-auth-error.js';
import { spiffeIdOf } from '../mtls/spiffe-id.js';
import type { ResolvedAuthConfig } from './auth-config.js';
import { permissionList } from './resolve-credential.js';

/**
 * The SPIFFE identity of a TLS connection whose client sent a certificate, or undefined when it sent none (or
 * the app does not accept SPIFFE identities). The TLS server has already checked the certificate against its CAs;
 * this requires that check to have passed, then a SPIFFE ID of a trusted trust domain.
 */
export async function resolveMtls(connection: ConnectionInfo | undefined, config: ResolvedAuthConfig): Promise<AuthIdentity | undefined> {
  const tls = connection?.tls;
  if (!config.trustDomains || !tls) return undefined;
  const certificate = tls.peerCertificate();
  if (!certificate) return undefined;
  if (!tls.authorized) {
    throw new KitAuthError(
      'mtls_untrusted',
      `The client certificate is not trusted (${tls.authorizationError ?? 'no reason given'}); present a certificate issued by a CA this server trusts.`,
    );
  }
  const spiffe = spiffeIdOf(certificate);
  if (!config.trustDomains.has(spiffe.trustDomain)) {
    throw new KitAuthError(
      'spiffe_trust_domain',
      `The SPIFFE ID ${spiffe.id} belongs to the trust domain ${spiffe.trustDomain}, which this server does not accept.`,
    );
  }
  let permissions: readonly string[] = [];
  if (config.finders.findWorkload) {
    const workload = await config.finders.findWorkload(spiffe.id);
    if (!workload)
      throw new KitAuthError(
        'spiffe_workload_unknown',
        `The workload ${spiffe.id} is not known to this server; register it before it calls.`,
      );
    permissions = permissionList(workload.permissions);
  }
  return {
    subject: spiffe.id,
    method: 'mtls',
    permissions,
    claims: { spiffeId: spiffe.id, trustDomain: spiffe.trustDomain, path: spiffe.path },
  };
}
