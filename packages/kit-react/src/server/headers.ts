import type { PageSecurityPolicy } from '@kit/kit-core/http';
import { navigationHeader } from '../state/state.js';

/**
 * Headers of every answer of `renderPage`: it varies on the navigation header. A document also carries
 * the security headers of `security`, its Content-Security-Policy naming `nonce`, which its inline
 * scripts carry; the navigation payload is JSON, which only needs `nosniff`. The answer to a form post is
 * never stored.
 */
export function pageHeaders(
  kind: 'html' | 'payload',
  extra: Readonly<Record<string, string>>,
  security: PageSecurityPolicy | null,
  nonce: string,
  answersPost = false,
): Headers {
  const headers = new Headers(extra);
  if (kind === 'html' && security !== null) security.apply(headers, nonce);
  else headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Content-Type', kind === 'html' ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8');
  headers.set('Vary', navigationHeader);
  // Pages carry per-request data: no shared cache may keep them; the payload is never reused.
  // The answer to a form's post holds what the person sent: it is not kept at all.
  headers.set('Cache-Control', kind === 'html' && !answersPost ? 'private, no-cache' : 'private, no-store');
  return headers;
}
