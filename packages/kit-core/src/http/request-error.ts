import { RequestError } from '@hono/node-server';
import { KitError } from '../errors/kit-error.js';
import { problemResponse } from './responses.js';

/**
 * The answer to an error of the Node adapter (`getRequestListener` of `@hono/node-server`) while it
 * turns an incoming message into a Fetch `Request`: such an error means the request itself is
 * malformed (a target with a backslash or that is no URL path, a Host that is no host name), so it
 * is a 400 problem naming what to fix, never a 5xx. Returns undefined for any other error, which the
 * caller answers (and logs) as its own failure. Pass it as, or call it from, the listener's
 * `errorHandler`.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { getRequestListener } from '@hono/node-server';
 * import { problemForRequestError, problemResponse } from '@kit/kit-core/http';
 *
 * const listener = getRequestListener(() => new Response('hello'), {
 *   errorHandler: (error) => problemForRequestError(error) ?? problemResponse(error),
 * });
 * createServer(listener).listen(0, '127.0.0.1');
 * ```
 */
export function problemForRequestError(error: unknown): Response | undefined {
  if (!(error instanceof RequestError)) return undefined;
  return problemResponse(new KitError('bad_request', requestErrorDetail(error.message), { headers: { Connection: 'close' } }));
}

function requestErrorDetail(message: string): string {
  if (/backslash/i.test(message))
    return 'The request path contains a backslash; separate path segments with /, or percent-encode a backslash as %5C.';
  if (/host/i.test(message)) return 'The Host header is not a host name with an optional port; send one such as Host: localhost:3000.';
  return 'The request target is not a valid URL path; send a path that starts with /, with every byte outside printable ASCII percent-encoded.';
}
