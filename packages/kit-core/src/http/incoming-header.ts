import type { IncomingMessage } from 'node:http';

/**
 * One request header as Node's parser gave it, in the form `Headers.get` would (repeated values joined
 * by ", "), or null. Reading it here instead of from the fetch `Request` spares the Node adapter from
 * building a `Headers` object for a request whose handler never looks at one. `name` is lower case.
 */
export function incomingHeader(incoming: IncomingMessage, name: string): string | null {
  const value = incoming.headers[name];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The Node request behind a fetch request, from the bindings `@hono/node-server` passes, if any. */
export function incomingOf(env: unknown): IncomingMessage | undefined {
  return (env as { incoming?: IncomingMessage } | undefined)?.incoming;
}

/**
 * A request header, from Node's parsed headers when the request came through a Node server (no fetch
 * `Headers` built), else from the request itself. `name` is lower case.
 */
export function requestHeader(request: Request, incoming: IncomingMessage | undefined, name: string): string | null {
  return incoming ? incomingHeader(incoming, name) : request.headers.get(name);
}

const nodeRequest = Symbol('kit.nodeRequest');
type WithNodeRequest = Request & { [nodeRequest]?: IncomingMessage };

/** Keeps the Node request with the fetch request made from it, for `requestHeaderOf`. */
export function keepNodeRequest(request: Request, incoming: IncomingMessage): void {
  (request as WithNodeRequest)[nodeRequest] = incoming;
}

/**
 * A header of a request a kit app is serving, as `request.headers.get(name)` gives it. For a request
 * that came through a Node server it is read from Node's parsed headers: @hono/node-server makes a
 * request's `Headers` only when something reads `request.headers`, and then checks every header the
 * client sent (a browser sends a dozen or more), which a page or a handler that wants one header need
 * not pay for.
 *
 * @example
 * ```ts
 * import { requestHeaderOf } from '@kit/kit-core/http';
 *
 * const request = new Request('http://localhost/', { headers: { Accept: 'text/html' } });
 * console.log(requestHeaderOf(request, 'accept')); // text/html
 * ```
 */
export function requestHeaderOf(request: Request, name: string): string | null {
  const incoming = (request as WithNodeRequest)[nodeRequest];
  return incoming === undefined ? request.headers.get(name) : incomingHeader(incoming, name.toLowerCase());
}

/**
 * Whether a Node request announces a body: a `Content-Length` other than 0, or a chunked one. Read
 * from the head alone, so nothing of the body is consumed.
 */
export function incomingHasBody(incoming: IncomingMessage): boolean {
  const length = incoming.headers['content-length'];
  return (length !== undefined && length !== '0') || incoming.headers['transfer-encoding'] !== undefined;
}
