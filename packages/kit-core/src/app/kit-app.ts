import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { TlsOptions } from 'node:tls';
import type { HttpBindings } from '@hono/node-server';
import type { KitContext } from '../definitions/context.js';
import type { HttpMethod } from '../definitions/routes.js';
import type { CapabilityRegistry } from '../registry/capability-registry.js';
import type { OpenAPIDocument } from '../registry/openapi.js';
import type { ResponseCacheStats } from '../response-cache/response-cache-options.js';
import type { WebSocketService } from '../websocket/serve-websockets.js';

/** Answers a request that is not a `defineAPI` route: a page, a file, a protocol endpoint. */
export type RawHandler = (request: Request, ctx: KitContext) => Response | Promise<Response>;

/**
 * Limits of one endpoint added with `app.mount`, in place of the app's (`KitConfig.maxBodyBytes` and
 * `bodyTimeoutMs`), for the few that take more: an upload, say.
 *
 * @example
 * ```ts
 * import { createKitApp, type MountOptions } from '@kit/kit-core';
 *
 * const app = createKitApp({ routes: {} });
 * const uploads: MountOptions = { maxBodyBytes: 20 * 1024 * 1024, bodyTimeoutMs: 60_000 };
 * app.mount('/files', ['POST'], async (request) => {
 *   const bytes = await request.arrayBuffer(); // at most 20 MiB, within a minute; else 413 or 408
 *   return Response.json({ size: bytes.byteLength });
 * }, uploads);
 * ```
 */
export interface MountOptions {
  /** The largest body the handler may read, in bytes. Default: the app's `maxBodyBytes` (64 KiB). */
  readonly maxBodyBytes?: number;
  /** How long the body may take to arrive once the handler reads it, in milliseconds. Default: the app's `bodyTimeoutMs` (5000). */
  readonly bodyTimeoutMs?: number;
}

/** Where and how to listen. */
export interface ListenOptions {
  /** Port; 0 picks a free one. Default 3000. */
  readonly port?: number;
  /** Address to bind. Default 127.0.0.1. */
  readonly host?: string;
  /**
   * Serve HTTPS instead of HTTP with these options of Node's TLS server (`key`, `cert`, `ca`, ...). Set
   * `requestCert: true` and a `ca` to ask clients for certificates (mutual TLS); `ctx.connection.tls`
   * then tells handlers and middleware whether the certificate is trusted, and gives it.
   */
  readonly tls?: TlsOptions;
}

/**
 * What a server of your own adds around the app's request listener (`app.requestListener()`).
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { createKitApp, type RequestListenerOptions } from '@kit/kit-core';
 *
 * const app = createKitApp({ routes: {} });
 * const withDeadline: RequestListenerOptions = {
 *   // A request the app has not answered in 10 s gets a 503, whatever the handler is waiting for.
 *   around: (request, bindings, answer) =>
 *     Promise.race([
 *       answer(request, bindings),
 *       new Promise<Response>((resolve) => setTimeout(() => resolve(new Response('Too slow', { status: 503 })), 10_000).unref()),
 *     ]),
 *   onError: (error) => console.error('request failed outside the app', error),
 * };
 * createServer(app.requestListener(withDeadline)).listen(3000);
 * ```
 */
export interface RequestListenerOptions {
  /**
   * Runs around the app's answer to every request that reaches the app, and must resolve to the
   * response to send: a deadline, a trace span. Answers the response cache gives straight from Node
   * never reach the app, and so never pass through it.
   */
  readonly around?: (
    request: Request,
    bindings: HttpBindings,
    answer: (request: Request, bindings: HttpBindings) => Promise<Response>,
  ) => Promise<Response>;
  /**
   * Told of an error outside the app (the Node adapter failing to make the request or send the
   * answer), which the client gets as a bare 500. A request Node's adapter cannot read is the client's
   * 400 and is not reported. Default: nothing.
   */
  readonly onError?: (error: unknown) => void;
}

/**
 * The Node request listener of a kit app (`app.requestListener()`). `headers` are those a server of
 * its own adds to every answer (CORS, security headers), named in lower case as Node names them, in an
 * object made for this request: they are sent with the answer, whose own headers win where both set
 * one, and a kept answer writes its headers into that object. Given here rather than with
 * `response.setHeader`, they let a kept answer go out as that one object in a single `writeHead`,
 * which Node writes without validating each header again.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { createKitApp, type KitRequestListener } from '@kit/kit-core';
 *
 * const app = createKitApp({ routes: {}, responseCache: { cacheable: (path) => path === '/' } });
 * app.get('/', () => new Response('<h1>Home</h1>', { headers: { 'Content-Type': 'text/html' } }));
 * const serveApp: KitRequestListener = app.requestListener();
 * createServer((request, response) => serveApp(request, response, { 'access-control-allow-origin': '*' })).listen(3000);
 * ```
 */
export type KitRequestListener = (request: IncomingMessage, response: ServerResponse, headers?: Record<string, string>) => void;

/** A listening server. */
export interface KitServer {
  /** The port actually bound. */
  readonly port: number;
  /** The underlying Node server (guarded by `guardHttpServer`), for tuning timeouts and limits. */
  readonly server: Server;
  /**
   * Stops accepting connections and resolves once open ones have finished, then closes the app
   * (`KitApp.close()`). WebSocket connections are closed first with 1001 (going away); those that do not
   * complete the closing handshake within a second are ended.
   */
  close(): Promise<void>;
}

/** The application built by `createKitApp`. */
export interface KitApp {
  /** Every `defineAPI` route of the app. */
  readonly registry: CapabilityRegistry;
  /**
   * Answers one request; the whole app as a fetch handler. `bindings` carry the Node request and
   * response when the app is served by a custom Node server (`getRequestListener` of
   * `@hono/node-server` passes them), so GET bodies and the client address are available.
   */
  fetch(request: Request, bindings?: HttpBindings): Promise<Response>;
  /** Adds a GET (and HEAD) endpoint that is not a typed route; other methods get 405. */
  get(path: string, handler: RawHandler): void;
  /**
   * Adds an endpoint answering exactly the given methods (a protocol endpoint such as `/mcp`, a form
   * post); every other method, HEAD included, gets the same 405 problem with the same `Allow`. HEAD is
   * not implied by GET here, since a protocol's GET (an event stream, say) has no meaningful head.
   * The handler reads the body under the app's limits (`maxBodyBytes`, `bodyTimeoutMs`), or those of
   * `options`: past them, the read fails and the app answers 413 or 408, whatever the handler answered.
   */
  mount(path: string, methods: readonly HttpMethod[], handler: RawHandler, options?: MountOptions): void;
  /** Every method some endpoint answers, sorted: the `Allow` of `OPTIONS *`. */
  methods(): string[];
  /** The OpenAPI 3.1 document of the typed routes. */
  openapi(): OpenAPIDocument;
  /**
   * Serves the app over HTTP with Node, on a server guarded by `guardHttpServer`: Node's parser
   * errors, `*` targets and bad `Host` headers are answered with problem documents too. The
   * WebSocket endpoints of `KitConfig.websockets` and of plugins are served on the same server.
   * Requests go through `requestListener()`.
   */
  listen(options?: ListenOptions): Promise<KitServer>;
  /**
   * The Node request listener `listen()` serves with, for a server of your own that puts its process
   * concerns (logs, metrics, CORS, a deadline) around the app. It answers a request whose answer the
   * response cache keeps straight from Node, without a fetch `Request` or `Response`, when the app has
   * no rate limit and no authentication (which must see every request); everything else goes to the
   * app through `@hono/node-server`, and what that cannot read is answered with a problem document.
   * Headers the server adds to every answer go in its third argument (see `KitRequestListener`). Guard
   * the server with `guardHttpServer`, as `listen()` does.
   *
   * @example
   * ```ts
   * import { createServer } from 'node:http';
   * import { createKitApp } from '@kit/kit-core';
   * import { guardHttpServer } from '@kit/kit-core/http';
   *
   * const app = createKitApp({ routes: {}, responseCache: { cacheable: (path) => path === '/' } });
   * app.get('/', () => new Response('<h1>Home</h1>', { headers: { 'Content-Type': 'text/html' } }));
   * const serveApp = app.requestListener();
   * const server = createServer({ requireHostHeader: false }, (request, response) => {
   *   const started = performance.now();
   *   response.once('close', () => console.log(request.method, request.url, response.statusCode, performance.now() - started));
   *   serveApp(request, response, { 'access-control-allow-origin': '*' });
   * });
   * guardHttpServer(server, { methods: () => app.methods() });
   * server.listen(3000);
   * ```
   */
  requestListener(options?: RequestListenerOptions): KitRequestListener;
  /**
   * What the response cache has done and holds (`KitConfig.responseCache`), for metrics; undefined
   * when the app keeps no answers.
   *
   * @example
   * ```ts
   * import { createKitApp } from '@kit/kit-core';
   *
   * const app = createKitApp({ routes: {}, responseCache: { cacheable: (path) => path.startsWith('/docs/') } });
   * const { hits = 0, misses = 0 } = app.responseCacheStats() ?? {};
   * console.log(`hit ratio ${hits / Math.max(1, hits + misses)}`);
   * ```
   */
  responseCacheStats(): ResponseCacheStats | undefined;
  /**
   * Serves the app's WebSocket endpoints (`KitConfig.websockets` and those of plugins) on a Node HTTP
   * or HTTPS server of your own, as `listen()` does on its own: upgrade requests go through
   * authentication, rate limits and middleware, then to their endpoint. Resolves to undefined, and
   * leaves the server as it is, when the app has no endpoint. Close the returned service before the
   * server: open connections keep a server from closing.
   *
   * @example
   * ```ts
   * import { createServer } from 'node:http';
   * import { getRequestListener, type HttpBindings } from '@hono/node-server';
   * import { createKitApp, defineWebSocket } from '@kit/kit-core';
   *
   * const app = createKitApp({ routes: {}, websockets: [defineWebSocket('/ws/echo', { message: (socket, data) => void socket.send(data) })] });
   * const server = createServer(getRequestListener((request, env) => app.fetch(request, env as HttpBindings)));
   * const websockets = app.serveWebSockets(server);
   * server.listen(3000);
   * process.on('SIGTERM', async () => {
   *   await websockets?.close();
   *   server.close();
   * });
   * ```
   */
  serveWebSockets(server: Server, options?: { readonly tls?: boolean }): WebSocketService | undefined;
  /**
   * Closes what the app's plugins started (their `close`), once; later calls resolve with the first. The
   * `close` of `listen()`'s server calls it after the server stopped; a server of your own calls it after
   * closing.
   */
  close(): Promise<void>;
}
