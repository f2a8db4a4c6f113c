/** Where kit-dev's servers answer health probes, ahead of the app's middleware. */
export const healthPath = '/_kit/health';

const body = JSON.stringify({ status: 'ok' });

/**
 * The answer to a health probe: 200 `{"status":"ok"}` for GET and HEAD, never cached. It is answered
 * before the app, so authentication, rate limits and the app's own middleware never refuse or slow a
 * probe: it says the process serves HTTP, which is what a container's liveness and readiness need.
 */
export function healthResponse(request: Request): Response {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD' } });
  }
  const headers = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };
  return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers });
}
