import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ContentStore } from '../service/state.js';

/** Answers the health check without the app, or returns false. */
export type HealthCheck = (request: IncomingMessage, response: ServerResponse, target: string, headers: Record<string, string>) => boolean;

/**
 * Answers `GET /api/health` straight from Node, as the route would: load balancers and probes ask it
 * many times a second, and its body changes on every call, so the framework's response cache cannot
 * keep it. Returns false for any other request, and for one with a body, which the app reads as input.
 * Only used when no rate limit is configured, since the limit is enforced inside the app.
 */
export function createHealthCheck(store: ContentStore): HealthCheck {
  return (request, response, target, headers) => {
    const method = request.method;
    if (
      target !== '/api/health' ||
      (method !== 'GET' && method !== 'HEAD') ||
      request.headers['content-length'] !== undefined ||
      request.headers['transfer-encoding'] !== undefined
    )
      return false;
    const body = `{"status":"${store.status}","timestamp":"${new Date().toISOString()}"}`;
    // As the route declares (cache: 'no-store'): no cache may keep it, and there is no validator.
    headers['cache-control'] = 'no-store';
    headers['content-type'] = 'application/json; charset=utf-8';
    headers['content-length'] = String(body.length);
    response.writeHead(200, headers);
    response.end(body);
    return true;
  };
}
