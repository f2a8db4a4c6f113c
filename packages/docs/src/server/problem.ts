import type { ServerResponse } from 'node:http';

/** Writes an RFC 9457 problem document, for answers given before a request reaches the app. */
export function writeProblem(
  response: ServerResponse,
  status: number,
  type: string,
  title: string,
  detail: string,
  headers: Record<string, string> = {},
): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const body = JSON.stringify({ type: `/problems/${type}`, title, status, detail });
  response.writeHead(status, {
    'Content-Type': 'application/problem+json; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(body),
    ...headers,
  });
  response.end(body);
}

/**
 * The problem answered when the handler timeout passes while the request body is still arriving
 * (fewer bytes than `Content-Length` announced): the client's fault, so a 408, and the connection is
 * closed, since the rest of the body would otherwise be read as the next request.
 */
export function incompleteRequestProblem(timeoutMs: number): Response {
  const body = JSON.stringify({
    type: '/problems/request-timeout',
    title: 'Request timeout',
    status: 408,
    detail: `The request body did not arrive in full within ${timeoutMs} ms; send the whole body, or a Content-Length that matches it.`,
  });
  return new Response(body, {
    status: 408,
    headers: { 'Content-Type': 'application/problem+json; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'close' },
  });
}

/** The problem answered when a request takes longer than the handler timeout. */
export function timeoutProblem(timeoutMs: number): Response {
  const body = JSON.stringify({
    type: '/problems/timeout',
    title: 'Service unavailable',
    status: 503,
    detail: `The request was not answered within ${timeoutMs} ms; retry it, or send a shorter query.`,
  });
  return new Response(body, {
    status: 503,
    headers: { 'Content-Type': 'application/problem+json; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': '1' },
  });
}
