import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Paths of the read-only API and its machine-readable companions, which any web page may read: the
 * OpenAPI document, the agent card (an A2A client in a browser discovers the agent there), llms.txt
 * and the Markdown views.
 */
export function isOpenToAllOrigins(path: string): boolean {
  return (
    path.startsWith('/api/') ||
    path === '/openapi.json' ||
    path === '/.well-known/agent.json' ||
    path === '/.well-known/agent-card.json' ||
    path === '/llms.txt' ||
    path === '/llms-full.txt' ||
    (path.startsWith('/docs/') && path.endsWith('.md'))
  );
}

/**
 * CORS headers of the read-only API: every origin may read it, since it serves public documentation
 * and takes no credentials. The headers a client needs (validators, request id, rate limits) are exposed.
 */
export const corsHeaders: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers':
    'ETag, X-Request-Id, Retry-After, RateLimit-Policy, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset',
};

/**
 * Security headers of pages: a strict Content-Security-Policy (same-origin resources only, no
 * plugins, no framing, no foreign form targets), frame denial and a referrer policy that keeps paths
 * private across origins. A page that needs more sets its own headers, which take precedence.
 */
export const pageSecurityHeaders: Readonly<Record<string, string>> = {
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/** Answers a CORS preflight of the API; returns false when the request is not one. */
export function answerPreflight(request: IncomingMessage, response: ServerResponse, headers: Record<string, string>): boolean {
  if (request.method !== 'OPTIONS' || !request.headers['access-control-request-method']) return false;
  response.writeHead(204, {
    ...headers,
    'access-control-allow-methods': 'GET, HEAD',
    'access-control-allow-headers': 'Content-Type, If-None-Match, X-Request-Id',
    'access-control-max-age': '86400',
    vary: 'Access-Control-Request-Headers',
  });
  response.end();
  return true;
}
