import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestIdOf } from '../http/context.js';
import { incomingHasBody } from '../http/incoming-header.js';
import { cachedAnswer } from './cached-answer.js';
import type { ResponseCache } from './response-cache.js';

/**
 * Answers a request straight from Node when the cache keeps its answer, and returns true; returns
 * false, having written nothing, for any other request, which then goes to the app. Skipping the fetch
 * `Request` and `Response`, routing and the app's steps is what brings a hit close to the cost of a bare
 * Node server. Only for an app with no rate limit and no authentication: those must see every request.
 * The hit carries the request's id (the caller's `X-Request-Id` when it is a short token) as the app's
 * answers do; HEAD gets the headers alone, as Node sends no body for it. `serverHeaders` (those a
 * server of its own adds, such as CORS, in an object made for this request) go out with it: the
 * answer's own are written into that object, over them, so Node writes one object as it is.
 */
export function answerFromNode(
  cache: ResponseCache,
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  serverHeaders?: Record<string, string>,
): boolean {
  const method = incoming.method;
  if ((method !== 'GET' && method !== 'HEAD') || incomingHasBody(incoming)) return false;
  const requestHeaders = incoming.headers;
  const entry = cache.lookup(method, incoming.url ?? '/', requestHeaders.accept);
  if (entry === undefined) return false;
  const headers = serverHeaders ?? {};
  const body = cachedAnswer(cache, entry, requestHeaders['if-none-match'], requestHeaders['accept-encoding'], headers);
  const given = requestHeaders['x-request-id'];
  headers['x-request-id'] = requestIdOf(typeof given === 'string' ? given : undefined);
  outgoing.writeHead(body === undefined ? 304 : 200, headers);
  outgoing.end(body);
  return true;
}
