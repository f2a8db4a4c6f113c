import type { AnswerHeaders } from '../http/answer-headers.js';
import { cachedAnswer } from './cached-answer.js';
import type { CacheRequest } from './cache-request.js';
import { isStorable } from './is-storable.js';
import type { ResponseCache } from './response-cache.js';
import { toCachedResponse, type CachedResponse } from './cached-response.js';

/** A request to an endpoint whose answers may be shared, as the app hands it to the cache. */
export interface SharedExchange {
  readonly cache: ResponseCache;
  readonly request: CacheRequest;
  /** Whether the endpoint answers HEAD as well as GET. */
  readonly answersHead: boolean;
}

/**
 * Answers a request that may be shared through the cache, inside the app: after authentication and
 * rate limits, which still apply to every request, and before the middleware, whose effect on the
 * answer is kept with it. A kept answer is sent with this request's headers; otherwise `compute` runs
 * the middleware and the endpoint, and a storable 200 of a GET is kept (a HEAD's body may be empty, so
 * it never fills the cache) and sent from what was kept, compressed as the client accepts.
 */
export async function answerThroughCache(
  exchange: SharedExchange,
  headers: AnswerHeaders,
  compute: () => Promise<Response>,
): Promise<Response> {
  const { cache, request } = exchange;
  const kept = cache.lookup(request.method, request.target, request.accept);
  if (kept !== undefined) return (headers.built = responseOf(cache, kept, request, headers.values));
  cache.countMiss();
  const version = cache.version();
  const response = await compute();
  if (request.method !== 'GET' || !isStorable(response)) return response;
  const entry = await toCachedResponse(response, request, headers.values, exchange.answersHead);
  cache.keep(entry, version);
  return (headers.built = responseOf(cache, entry, request, headers.values));
}

function responseOf(cache: ResponseCache, entry: CachedResponse, request: CacheRequest, perRequest: Record<string, string>): Response {
  const headers: Record<string, string> = {};
  const body = cachedAnswer(cache, entry, request.ifNoneMatch, request.acceptEncoding, headers);
  Object.assign(headers, perRequest);
  return new Response(body === undefined ? null : (body as Uint8Array<ArrayBuffer>), { status: body === undefined ? 304 : 200, headers });
}
