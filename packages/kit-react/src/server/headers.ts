import { navigationHeader } from '../state/state.js';

/** Headers of every answer of `renderPage`: it varies on the navigation header. */
export function pageHeaders(kind: 'html' | 'payload', extra: Readonly<Record<string, string>>): Headers {
  const headers = new Headers(extra);
  headers.set('Content-Type', kind === 'html' ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8');
  headers.set('Vary', navigationHeader);
  // Pages carry per-request data: no shared cache may keep them; the payload is never reused.
  headers.set('Cache-Control', kind === 'html' ? 'private, no-cache' : 'private, no-store');
  return headers;
}
