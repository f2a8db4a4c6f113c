import { randomUUID } from 'node:crypto';
import type { AuthType, ConnectionInfo, KitContext } from '../definitions/context.js';

const requestIdPattern = /^[\w.:-]{1,128}$/;

/**
 * The context of an HTTP request. A caller's `X-Request-Id` is kept when it is a short token, so
 * logs can be joined across services; anything else is replaced by a fresh id.
 *
 * @example
 * ```ts
 * import { contextFor } from '@kit/kit-core/http';
 *
 * const ctx = contextFor(new Request('http://localhost/', { headers: { 'X-Request-Id': 'abc-1' } }), 'agent');
 * console.log(ctx.requestId, ctx.authType); // abc-1 agent
 * ```
 */
export function contextFor(request: Request, authType: AuthType = 'anonymous'): KitContext {
  return contextWithRequestId(request, request.headers.get('x-request-id'), authType);
}

/**
 * `contextFor` with the caller's `X-Request-Id` already read (the app reads it from Node's parsed
 * headers), and the connection when the request came over one.
 */
export function contextWithRequestId(
  request: Request,
  given: string | null,
  authType: AuthType = 'anonymous',
  connection?: ConnectionInfo,
): KitContext {
  const requestId = requestIdOf(given);
  // One object literal either way: a context is made per request, and adding a key afterwards costs more.
  return connection ? { requestId, authType, request, connection } : { requestId, authType, request };
}

/**
 * The id of a request: the caller's `X-Request-Id` when it is a short token (letters, digits and
 * `_.:-`, at most 128), so logs can be joined across services, else a fresh UUID. One rule for the
 * app and for answers given straight from Node (the response cache's hits).
 */
export function requestIdOf(given: string | null | undefined): string {
  return given && requestIdPattern.test(given) ? given : randomUUID();
}
