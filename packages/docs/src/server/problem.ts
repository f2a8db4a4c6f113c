import type { ServerResponse } from 'node:http';

/** Writes an RFC 9457 problem document, for answers given before a request reaches the app. */
export function writeProblem(response: ServerResponse, status: number, type: string, title: string, detail: string, headers: Record<string, string> = {}): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const body = JSON.stringify({ type: `/problems/${type}`, title, status, detail });
  response.writeHead(status, { 'Content-Type': 'application/problem+json; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(body), ...headers });
  response.end(body);
}

/** The problem answered when a request takes longer than the handler timeout. */
export function timeoutProblem(timeoutMs: number): Response {
  const body = JSON.stringify({
    type: '/problems/timeout',
    title: 'Service unavailable',
    status: 503,
    detail: `The request was not answered within ${timeoutMs} ms; retry it, or send a shorter query.`,
  });
  return new Response(body, { status: 503, headers: { 'Content-Type': 'application/problem+json; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': '1' } });
}
