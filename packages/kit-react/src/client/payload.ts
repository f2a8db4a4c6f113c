import { navigationHeader, type NavigationPayload } from '../state/state.js';
import { pageTraceHeaders } from '../tracing/page-trace-headers.js';

/**
 * What a page request answered: a payload and the URL it answered for (after redirects), the
 * instruction to load a document, an action's redirect, or (for a form's post) a refusal by the server
 * before the action ran (a problem document: too many requests, a body too large).
 */
export type PayloadResult =
  | { readonly kind: 'payload'; readonly payload: NavigationPayload; readonly url: URL }
  | { readonly kind: 'reload' }
  | { readonly kind: 'redirect'; readonly to: string }
  | { readonly kind: 'refused'; readonly status: number; readonly message: string };

function isPayload(value: unknown): value is NavigationPayload {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Partial<NavigationPayload> & { reload?: unknown };
  return (
    body.kit === 1 &&
    body.reload !== true &&
    Array.isArray(body.levels) &&
    Array.isArray(body.serverOnly) &&
    typeof body.meta === 'object' &&
    body.meta !== null &&
    typeof body.clientEntry === 'string'
  );
}

function redirectOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const body = value as { kit?: unknown; redirect?: unknown };
  return body.kit === 1 && typeof body.redirect === 'string' && body.redirect.startsWith('/') && !body.redirect.startsWith('//')
    ? body.redirect
    : null;
}

function problemDetail(value: unknown, status: number): string {
  const detail = typeof value === 'object' && value !== null ? (value as { detail?: unknown }).detail : undefined;
  return typeof detail === 'string' && detail !== '' ? detail : `The server answered ${status}; try again.`;
}

/**
 * Fetches the navigation payload of `url`, or with `form`, posts the form to the page's action and
 * reads the page it answers with. Anything but a payload of this origin (an API's JSON, a redirect
 * elsewhere, `{ reload: true }`, HTML from a proxy) means the URL must load as a document. Network
 * failures reject.
 */
export async function fetchPayload(url: URL, signal?: AbortSignal, form?: URLSearchParams | FormData): Promise<PayloadResult> {
  const response = await fetch(url.pathname + url.search, {
    headers: { [navigationHeader]: '1', Accept: 'application/json', ...pageTraceHeaders() },
    credentials: 'same-origin',
    ...(form ? { method: 'POST', body: form } : {}),
    ...(signal ? { signal } : {}),
  });
  const finalUrl = new URL(response.url || url.href);
  if (finalUrl.origin !== window.location.origin) return { kind: 'reload' };
  const type = response.headers.get('Content-Type') ?? '';
  if (!type.includes('json')) return { kind: 'reload' };
  const body: unknown = await response.json().catch(() => null);
  if (form && type.includes('problem+json'))
    return { kind: 'refused', status: response.status, message: problemDetail(body, response.status) };
  const redirect = form ? redirectOf(body) : null;
  if (redirect !== null) return { kind: 'redirect', to: redirect };
  if (!isPayload(body)) return { kind: 'reload' };
  if (!finalUrl.hash && url.hash) finalUrl.hash = url.hash;
  return { kind: 'payload', payload: body, url: finalUrl };
}
