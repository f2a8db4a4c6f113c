import type { IncomingMessage } from 'node:http';
import { incomingHasBody } from '../http/incoming-header.js';

/** What the response cache reads of a request: its key, and what decides the form of the answer. */
export interface CacheRequest {
  readonly method: 'GET' | 'HEAD';
  /** The target as sent: path and query (`/api/search?q=x`). */
  readonly target: string;
  /** The target without its query, as `ResponseCacheOptions.cacheable` is asked about it. */
  readonly path: string;
  readonly accept: string | undefined;
  readonly acceptEncoding: string | undefined;
  readonly ifNoneMatch: string | undefined;
}

/**
 * The request as the response cache reads it, or undefined when no kept answer may answer it: a method
 * other than GET or HEAD, or a body (which is input too: a GET may carry its parameters as JSON).
 * Served by Node, everything is read from the parsed head, as the Node fast path reads it, so both
 * find the same entry; called directly (`app.fetch`), from the fetch request.
 */
export function cacheRequestOf(request: Request, incoming: IncomingMessage | undefined): CacheRequest | undefined {
  const method = request.method;
  if (method !== 'GET' && method !== 'HEAD') return undefined;
  if (incoming) {
    if (incomingHasBody(incoming)) return undefined;
    const headers = incoming.headers;
    return requestOf(method, incoming.url ?? '/', headers.accept, headers['accept-encoding'], headers['if-none-match']);
  }
  const headers = request.headers;
  const length = headers.get('content-length');
  if ((length !== null && length !== '0') || headers.has('transfer-encoding')) return undefined;
  const url = request.url;
  return requestOf(
    method,
    url.slice(url.indexOf('/', url.indexOf('//') + 2)),
    headers.get('accept') ?? undefined,
    headers.get('accept-encoding') ?? undefined,
    headers.get('if-none-match') ?? undefined,
  );
}

function requestOf(
  method: 'GET' | 'HEAD',
  target: string,
  accept: string | undefined,
  acceptEncoding: string | undefined,
  ifNoneMatch: string | undefined,
): CacheRequest {
  const query = target.indexOf('?');
  return { method, target, path: query === -1 ? target : target.slice(0, query), accept, acceptEncoding, ifNoneMatch };
}
