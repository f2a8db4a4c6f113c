import { matchesEtag } from '@kit/kit-core/internal';
import type { CachedBody } from './page-cache.js';

/**
 * Headers of every HTML page. The policy allows only this server's own scripts and styles, so the pages
 * carry no inline script or style at all; images may also come from `data:` and HTTPS addresses, since
 * documentation folders show badges and screenshots hosted elsewhere, and an image runs no code.
 */
export const securityHeaders: Readonly<Record<string, string>> = {
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: https:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/** How one prepared body is sent. */
export interface SendOptions {
  readonly contentType: string;
  readonly status?: number;
  /** Default `no-cache`: stored, but revalidated with the ETag since content can be reloaded. */
  readonly cacheControl?: string;
  /** Request headers the answer depends on besides `Accept-Encoding`. */
  readonly vary?: readonly string[];
  /** Adds the security headers of HTML pages. */
  readonly page?: boolean;
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * Sends a prepared body: 304 when `If-None-Match` names its ETag, gzip when the client accepts it
 * (with its own ETag, since the bytes differ), identity otherwise.
 */
export function sendBody(request: Request, prepared: CachedBody, options: SendOptions): Response {
  const gzip = acceptsGzip(request.headers.get('accept-encoding'));
  const etag = gzip ? `${prepared.etag.slice(0, -1)}-gz"` : prepared.etag;
  const headers = new Headers({
    'Content-Type': options.contentType,
    'Cache-Control': options.cacheControl ?? 'no-cache',
    ETag: etag,
    Vary: ['Accept-Encoding', ...(options.vary ?? [])].join(', '),
    'X-Content-Type-Options': 'nosniff',
    ...(options.page ? securityHeaders : {}),
    ...options.headers,
  });
  const status = options.status ?? 200;
  if (status === 200 && [etag, prepared.etag].some((tag) => matchesEtag(request.headers.get('if-none-match'), tag))) {
    headers.delete('Content-Type');
    return new Response(null, { status: 304, headers });
  }
  if (gzip) headers.set('Content-Encoding', 'gzip');
  const bytes = gzip ? prepared.gzip : prepared.body;
  headers.set('Content-Length', String(bytes.byteLength));
  return new Response(request.method === 'HEAD' ? null : (bytes as Uint8Array<ArrayBuffer>), { status, headers });
}

/** True unless the client refuses gzip (`gzip;q=0`) or does not list it or `*`. */
export function acceptsGzip(acceptEncoding: string | null): boolean {
  if (!acceptEncoding) return false;
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';');
    if (name.trim() !== 'gzip' && name.trim() !== '*') continue;
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}
