import { navigationHeader, type NavigationPayload } from '../state/state.js';
import { pageTraceHeaders } from '../tracing/page-trace-headers.js';

/** A payload and the URL it answered for (after redirects), or the instruction to load a document. */
export type PayloadResult =
  { readonly kind: 'payload'; readonly payload: NavigationPayload; readonly url: URL } | { readonly kind: 'reload' };

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

/**
 * Fetches the navigation payload of `url`. Anything but a payload of this origin (an API's JSON, a
 * redirect elsewhere, `{ reload: true }`, HTML from a proxy) means the URL must load as a document.
 * Network failures reject.
 */
export async function fetchPayload(url: URL, signal?: AbortSignal): Promise<PayloadResult> {
  const response = await fetch(url.pathname + url.search, {
    headers: { [navigationHeader]: '1', Accept: 'application/json', ...pageTraceHeaders() },
    credentials: 'same-origin',
    ...(signal ? { signal } : {}),
  });
  const finalUrl = new URL(response.url || url.href);
  if (finalUrl.origin !== window.location.origin) return { kind: 'reload' };
  if (!(response.headers.get('Content-Type') ?? '').includes('json')) return { kind: 'reload' };
  const body: unknown = await response.json().catch(() => null);
  if (!isPayload(body)) return { kind: 'reload' };
  if (!finalUrl.hash && url.hash) finalUrl.hash = url.hash;
  return { kind: 'payload', payload: body, url: finalUrl };
}
