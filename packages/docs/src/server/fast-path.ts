import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ContentStore } from '../service/state.js';
import { matchesEtag } from '@kit/kit-core/internal';
import { cacheKey, notModifiedHeaders, preferredEncoding, type ResponseCache } from './response-cache.js';

/**
 * Answers, straight from Node, the requests that need no computing: a cached response, or the
 * health check. These are most of the traffic, and skipping the Fetch-API adapter, routing and
 * validation for them is what keeps throughput near that of a bare Node server. Returns false for
 * anything else, which then goes through the app. Only used when no rate limit is configured, since
 * the limit is enforced inside the app.
 */
export function createFastPath(cache: ResponseCache, store: ContentStore) {
  return (request: IncomingMessage, response: ServerResponse, target: string, path: string, headers: Record<string, string>): boolean => {
    const method = request.method;
    if (
      (method !== 'GET' && method !== 'HEAD') ||
      request.headers['content-length'] !== undefined ||
      request.headers['transfer-encoding'] !== undefined
    )
      return false;
    if (target === '/api/health') {
      const body = `{"status":"${store.status}","timestamp":"${new Date().toISOString()}"}`;
      // As the route declares (cache: 'no-store'): the body changes every call, so no cache may keep
      // it and there is no validator to revalidate with.
      headers['cache-control'] = 'no-store';
      headers['content-type'] = 'application/json; charset=utf-8';
      headers['content-length'] = String(body.length);
      response.writeHead(200, headers);
      response.end(body);
      return true;
    }
    if (!cache.cacheable(path)) return false;
    const entry = cache.get(cacheKey(target, path, request.headers.accept));
    if (!entry) return false;
    if (matchesEtag(request.headers['if-none-match'], entry.etag)) {
      response.writeHead(304, Object.assign(headers, notModifiedHeaders(entry)));
      response.end();
      return true;
    }
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    const body = cache.encoded(entry, encoding);
    Object.assign(headers, entry.headers);
    if (body !== entry.body) headers['content-encoding'] = encoding!;
    headers['content-length'] = String(body.byteLength);
    response.writeHead(entry.status, headers);
    response.end(body);
    return true;
  };
}
