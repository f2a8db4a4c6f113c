import type { PeerCertificate } from 'node:tls';
import { KitAuthError } from '../errors/kit-auth-error.js';

/** A SPIFFE ID split into its trust domain and workload path. */
export interface SpiffeId {
  /** The whole ID, `spiffe://<trust domain>/<path>`. */
  readonly id: string;
  readonly trustDomain: string;
  /** The path, starting with '/'. */
  readonly path: string;
}

// The SPIFFE ID standard: a trust domain of lower-case letters, digits, '.', '-' and '_'; a path of segments
// of letters, digits, '.', '-' and '_', none empty, none '.' or '..', no trailing slash; at most 2048 bytes.
const trustDomainPattern = /^[a-z0-9._-]+$/;
const pathSegmentPattern = /^[A-Za-z0-9._-]+$/;
const maxSpiffeIdLength = 2048;

/** Whether `name` is a valid SPIFFE trust domain name (`example.org`, `prod.acme-corp`). */
export function isTrustDomain(name: unknown): name is string {
  return typeof name === 'string' && name.length > 0 && name.length <= 255 && trustDomainPattern.test(name);
}

/** Parses a SPIFFE ID, or explains in `reason` what is wrong with it. */
export function parseSpiffeId(uri: string): SpiffeId | { readonly reason: string } {
  if (uri.length > maxSpiffeIdLength) return { reason: `is longer than ${maxSpiffeIdLength} characters` };
  if (!uri.startsWith('spiffe://')) return { reason: 'does not start with spiffe:// (the scheme is lower case)' };
  const rest = uri.slice('spiffe://'.length);
  const slash = rest.indexOf('/');
  const trustDomain = slash === -1 ? rest : rest.slice(0, slash);
  if (!isTrustDomain(trustDomain))
    return {
      reason: `has the trust domain ${JSON.stringify(trustDomain)}; use lower-case letters, digits, '.', '-' and '_' (no port, user or upper case)`,
    };
  const path = slash === -1 ? '' : rest.slice(slash);
  if (path === '' || path === '/') return { reason: 'has no workload path after the trust domain' };
  const segments = path.slice(1).split('/');
  for (const segment of segments) {
    if (segment === '' || segment === '.' || segment === '..' || !pathSegmentPattern.test(segment)) {
      return {
        reason: `has the path segment ${JSON.stringify(segment)}; segments are letters, digits, '.', '-' and '_', not empty, '.' or '..' (no query or fragment)`,
      };
    }
  }
  return { id: uri, trustDomain, path };
}

/**
 * The entries of Node's `subjectaltname` string (`DNS:a.example, URI:spiffe://b/c`). Node writes a value as a
 * JSON string when it contains a comma, a quote or a character outside printable ASCII, so a forged value
 * cannot smuggle in a second entry; those are decoded here.
 */
export function subjectAltNames(text: string | undefined): { type: string; value: string }[] {
  const entries: { type: string; value: string }[] = [];
  if (!text) return entries;
  let at = 0;
  while (at < text.length) {
    const colon = text.indexOf(':', at);
    if (colon === -1) break;
    const type = text.slice(at, colon).trim();
    let value: string;
    let next: number;
    if (text[colon + 1] === '"') {
      let end = colon + 2;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      try {
        value = JSON.parse(text.slice(colon + 1, end + 1)) as string;
      } catch {
        value = text.slice(colon + 1, end + 1);
      }
      const comma = text.indexOf(',', end + 1);
      next = comma === -1 ? text.length : comma + 1;
    } else {
      const comma = text.indexOf(', ', colon + 1);
      value = text.slice(colon + 1, comma === -1 ? text.length : comma);
      next = comma === -1 ? text.length : comma + 2;
    }
    entries.push({ type, value });
    at = next;
  }
  return entries;
}

/**
 * The SPIFFE ID of an X.509-SVID: the certificate's single URI subject alternative name, `spiffe://<trust
 * domain>/<path>`. Throws a `KitAuthError`: `spiffe_id_missing` when the certificate has no `spiffe://` URI SAN,
 * `spiffe_id_malformed` when it has several URI SANs (an X.509-SVID has exactly one) or the ID breaks the SPIFFE
 * ID rules. It does not check that the certificate is trusted: the TLS server does (see `createAuthMiddleware`).
 *
 * @example
 * ```ts
 * import type { TLSSocket } from 'node:tls';
 * import { spiffeIdFromCertificate } from '@kit/kit-auth';
 *
 * function workloadOf(socket: TLSSocket): string {
 *   return spiffeIdFromCertificate(socket.getPeerCertificate());
 * }
 * ```
 */
export function spiffeIdFromCertificate(cert: PeerCertificate): string {
  return spiffeIdOf(cert).id;
}

/** `spiffeIdFromCertificate` with the ID split into trust domain and path. */
export function spiffeIdOf(cert: PeerCertificate): SpiffeId {
  const uris = subjectAltNames(cert?.subjectaltname).filter((entry) => entry.type === 'URI');
  if (!uris.some((entry) => entry.value.toLowerCase().startsWith('spiffe:'))) {
    throw new KitAuthError(
      'spiffe_id_missing',
      'The client certificate carries no SPIFFE ID (a spiffe:// URI subject alternative name); present the X.509-SVID issued to the workload.',
    );
  }
  if (uris.length > 1) {
    throw new KitAuthError(
      'spiffe_id_malformed',
      `The client certificate carries ${uris.length} URI subject alternative names; an X.509-SVID carries exactly one, its SPIFFE ID.`,
    );
  }
  const parsed = parseSpiffeId(uris[0]!.value);
  if ('reason' in parsed) {
    throw new KitAuthError(
      'spiffe_id_malformed',
      `The client certificate's SPIFFE ID ${JSON.stringify(uris[0]!.value.slice(0, 200))} ${parsed.reason}.`,
    );
  }
  return parsed;
}
