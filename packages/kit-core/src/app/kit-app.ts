import type { Server } from 'node:http';
import type { TlsOptions } from 'node:tls';
import type { HttpBindings } from '@hono/node-server';
import type { KitContext } from '../definitions/context.js';
import type { HttpMethod } from '../definitions/routes.js';
import type { CapabilityRegistry } from '../registry/capability-registry.js';
import type { OpenAPIDocument } from '../registry/openapi.js';
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

/** A listening server. */
export interface KitServer {
  /** The port actually bound. */
  readonly port: number;
  /** The underlying Node server (guarded by `guardHttpServer`), for tuning timeouts and limits. */
  readonly server: Server;
  /**
   * Stops accepting connections and resolves once open ones have finished. WebSocket connections are
   * closed first with 1001 (going away); those that do not complete the closing handshake within a
   * second are ended.
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
   */
  listen(options?: ListenOptions): Promise<KitServer>;
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
}
