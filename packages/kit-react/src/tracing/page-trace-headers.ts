/** The head fields a kit page is rendered with when the app traces with OpenTelemetry, in the order sent. */
export const pageTraceFields = ['traceparent', 'tracestate'] as const;

/**
 * The trace context of the page the browser shows, as headers for a request the page makes to its own
 * server: `traceparent` (and `tracestate`) from the page's head, where kit writes them when the app has an
 * OpenTelemetry SDK registered. A request that sends them joins the trace of the request that served the
 * page, so one page view (the page, its navigations, the runs it starts and follows) is one trace.
 * Empty on the server, and on a page rendered without tracing. kit's own requests (navigations, `useRun`,
 * `useAgentChat`) send them already; add them to the page's own `fetch` calls.
 *
 * @example
 * ```ts
 * import { pageTraceHeaders } from '@kit/kit-react';
 *
 * export async function closeTicket(id: string): Promise<boolean> {
 *   const response = await fetch(`/api/tickets/${encodeURIComponent(id)}/close`, {
 *     method: 'POST',
 *     headers: { 'Content-Type': 'application/json', ...pageTraceHeaders() },
 *     body: JSON.stringify({ resolution: 'Replaced the printer.' }),
 *   });
 *   return response.ok;
 * }
 * ```
 */
export function pageTraceHeaders(): Record<string, string> {
  if (typeof document === 'undefined') return {};
  const headers: Record<string, string> = {};
  for (const field of pageTraceFields) {
    const value = document.head?.querySelector(`meta[name="${field}"]`)?.getAttribute('content');
    if (value) headers[field] = value;
  }
  return headers;
}
