import { headerRecord, type HeaderRecord, type PageSecurityPolicy } from '@kit/kit-core/http';
import { navigationHeader } from '../state/state.js';

/**
 * Headers of every answer of `renderPage`: it varies on the navigation header. A document also carries
 * the security headers of `security`, its Content-Security-Policy naming `nonce`, which its inline
 * scripts carry; the navigation payload is JSON, which only needs `nosniff`. The answer to a form post is
 * never stored. A record, not a `Headers`: the app's edge adds its own to it and a Node server writes it
 * as it is, unless something reads the response's headers first.
 */
export function pageHeaders(
  kind: 'html' | 'payload',
  extra: Readonly<Record<string, string>>,
  security: PageSecurityPolicy | null,
  nonce: string,
  answersPost = false,
): HeaderRecord {
  const headers = headerRecord(extra);
  if (kind === 'html' && security !== null) security.apply(headers, nonce);
  else headers['x-content-type-options'] = 'nosniff';
  headers['content-type'] = kind === 'html' ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8';
  headers.vary = navigationHeader;
  // Pages carry per-request data: no shared cache may keep them; the payload is never reused.
  // The answer to a form's post holds what the person sent: it is not kept at all.
  headers['cache-control'] = kind === 'html' && !answersPost ? 'private, no-cache' : 'private, no-store';
  return headers;
}
