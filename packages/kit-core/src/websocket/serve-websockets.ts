import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { TrieRouter } from 'hono/router/trie-router';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { KitContext } from '../definitions/context.js';
import { KitError } from '../errors/kit-error.js';
import { quoteInput } from '../errors/problem.js';
import { rawProblemResponse } from '../http/raw-problem.js';
import type { WebSocketDefinition } from './define-websocket.js';
import { ServerSocket } from './kit-socket.js';
import { writeResponse } from './write-response.js';

/**
 * Runs the app's authentication phase, rate limits and middleware chain around `answer`, exactly as
 * for a request, and resolves with the response that came back through them.
 */
export type AdmitRequest = (
  request: Request,
  env: { incoming: IncomingMessage },
  answer: (ctx: KitContext) => Promise<Response>,
) => Promise<Response>;

/** What `serveWebSockets` needs from the app. */
export interface ServeWebSocketsOptions {
  readonly definitions: readonly WebSocketDefinition[];
  /** Whether the server is HTTPS, for the URL of the upgrade request. */
  readonly tls: boolean;
  readonly admit: AdmitRequest;
  /** The whole app as a fetch handler, for a request asking for an upgrade to something else (`h2c`). */
  readonly fetch: (request: Request, env: { incoming: IncomingMessage }) => Response | Promise<Response>;
  /** Told about every failure of a handler, with the context of the connection. */
  readonly onError: (error: unknown, ctx: KitContext) => void;
}

/** The WebSocket endpoints of an app served on a Node server (`KitApp.serveWebSockets`, and `listen()`). */
export interface WebSocketService {
  /** Closes every connection with 1001, ending within about a second those that do not answer, and stops the heartbeats. */
  close(): Promise<void>;
}

interface Endpoint {
  readonly definition: WebSocketDefinition;
  readonly server: WebSocketServer;
  heartbeat?: NodeJS.Timeout;
}

interface Connection {
  readonly socket: ServerSocket;
  readonly ws: WebSocket;
  /** The chain of handler calls; settles when the last queued handler has run. */
  queue: Promise<void>;
}

/** Longest wait for peers to answer the closing handshake when the server stops. */
const closeTimeoutMs = 1_000;
/** Events of one connection that may wait for its handlers before the connection stops being read. */
const maxQueuedEvents = 32;
/** Response headers not carried onto the 101 of an accepted upgrade: they describe a body or the connection. */
const notForwarded = /^(?:content-|cache-control$|etag$|last-modified$|connection$|keep-alive$|transfer-encoding$|upgrade$|sec-websocket-)/;

/**
 * Handles the `upgrade` requests of `server` for the given endpoints with `ws`. Returns undefined, and
 * leaves the server as it is, when there are none.
 */
export function serveWebSockets(server: Server, options: ServeWebSocketsOptions): WebSocketService | undefined {
  if (options.definitions.length === 0) return undefined;
  const router = new TrieRouter<Endpoint>();
  const endpoints: Endpoint[] = [];
  const connections = new Set<Connection>();
  const alive = new WeakMap<WebSocket, boolean>();
  // Headers the middleware set on an accepted upgrade (request id, rate-limit state, cookies), for its 101.
  const extraHeaders = new WeakMap<IncomingMessage, string[]>();
  let closing = false;

  for (const definition of options.definitions) {
    const wss = new WebSocketServer({
      noServer: true,
      maxPayload: definition.options.maxPayloadBytes,
      perMessageDeflate: false,
      clientTracking: true,
    });
    wss.on('headers', (headers: string[], request: IncomingMessage) => headers.push(...(extraHeaders.get(request) ?? [])));
    const endpoint: Endpoint = { definition, server: wss };
    if (definition.options.heartbeatMs > 0) {
      endpoint.heartbeat = setInterval(() => {
        for (const ws of wss.clients) {
          if (alive.get(ws) === false) {
            ws.terminate();
            continue;
          }
          alive.set(ws, false);
          try {
            ws.ping(undefined, undefined, () => undefined);
          } catch {
            // Not open any more; its close event is on the way.
          }
        }
      }, definition.options.heartbeatMs);
      endpoint.heartbeat.unref();
    }
    router.add('GET', definition.path, endpoint);
    endpoints.push(endpoint);
  }

  const accept = (endpoint: Endpoint, ws: WebSocket, ctx: KitContext, params: Record<string, string>) => {
    // A handshake that finished while the server was stopping is not one it can serve.
    if (closing) return void ws.terminate();
    const socket = new ServerSocket(ws, ctx, params);
    const connection: Connection = { socket, ws, queue: Promise.resolve() };
    connections.add(connection);
    alive.set(ws, true);
    ws.on('pong', () => alive.set(ws, true));
    const { handlers } = endpoint.definition;
    let pending = 0;
    // Events of one connection are handled in order, each handler awaited before the next runs; a
    // connection whose handlers fall behind is no longer read until they catch up.
    const run = (call: () => void | Promise<void>) => {
      pending++;
      if (pending > maxQueuedEvents) ws.pause();
      connection.queue = connection.queue.then(async () => {
        try {
          await call();
        } catch (error) {
          reportError(options.onError, error, ctx);
          socket.close(1011, 'Internal error');
        } finally {
          pending--;
          if (ws.isPaused && pending <= maxQueuedEvents / 2) ws.resume();
        }
      });
    };
    ws.on('message', (data: RawData, isBinary: boolean) => {
      if (!handlers.message) return;
      const bytes = toBuffer(data);
      const message = isBinary ? bytes : bytes.toString('utf8');
      run(() => handlers.message!(socket, message));
    });
    ws.on('error', (error: Error) => {
      if (handlers.error) run(() => handlers.error!(socket, error));
    });
    ws.on('close', (code: number, reason: Buffer) => {
      socket.closed();
      if (handlers.close) run(() => handlers.close!(socket, code, reason.toString('utf8')));
      void connection.queue.then(() => connections.delete(connection));
    });
    if (handlers.open) run(() => handlers.open!(socket));
  };

  const upgrade = async (incoming: IncomingMessage, socket: Duplex, head: Buffer) => {
    // Node takes its own listeners off an upgraded socket; without one, a reset would crash the process.
    socket.on('error', () => undefined);
    if (closing) return void socket.destroy();
    const request = toRequest(incoming, options.tls);
    if (typeof request === 'string') {
      socket.end(rawProblemResponse('bad_request', request));
      setTimeout(() => socket.destroy(), 2_000).unref();
      return;
    }
    const env = { incoming };
    const isWebSocket = incoming.method === 'GET' && (incoming.headers.upgrade ?? '').toLowerCase() === 'websocket';
    if (!isWebSocket) {
      // Another protocol (h2c, say) is not offered: the request is answered as if it had not asked.
      return writeResponse(socket, await options.fetch(request, env), { head: incoming.method === 'HEAD', stream: true });
    }
    const pathname = new URL(request.url).pathname;
    const [match] = router.match('GET', pathname)[0];
    let admitted: KitContext | undefined;
    const response = await options.admit(request, env, async (ctx) => {
      if (!match)
        throw new KitError(
          'not_found',
          `No WebSocket endpoint at ${quoteInput(pathname)}; connect to one of ${endpoints.map((endpoint) => endpoint.definition.path).join(', ')}.`,
        );
      const origin = request.headers.get('origin');
      if (origin !== null && !originAllowed(origin, request, match[0].definition.options.allowedOrigins)) {
        throw new KitError(
          'forbidden',
          `A page at ${quoteInput(origin)} may not open ${quoteInput(pathname)}; add its origin to allowedOrigins of defineWebSocket if it should.`,
        );
      }
      admitted = ctx;
      return new Response(null, { status: 204 });
    });
    if (!match || admitted === undefined || response.status < 200 || response.status > 299) {
      return writeResponse(socket, response, { head: false, stream: false });
    }
    if (closing || socket.destroyed) return void socket.destroy();
    const [endpoint, rawParams] = match;
    const forwarded: string[] = [];
    response.headers.forEach((value, name) => {
      if (!notForwarded.test(name) && name !== 'set-cookie') forwarded.push(`${name}: ${value}`);
    });
    for (const cookie of response.headers.getSetCookie()) forwarded.push(`set-cookie: ${cookie}`);
    extraHeaders.set(incoming, forwarded);
    const ctx = admitted;
    endpoint.server.handleUpgrade(incoming, socket, head, (ws) =>
      accept(endpoint, ws, ctx, decodeParams(rawParams as Record<string, string>)),
    );
  };

  const onUpgrade = (incoming: IncomingMessage, socket: Duplex, head: Buffer) => {
    upgrade(incoming, socket, head).catch(() => socket.destroy());
  };
  server.on('upgrade', onUpgrade);

  return {
    close: async () => {
      if (closing) return;
      closing = true;
      server.off('upgrade', onUpgrade);
      for (const endpoint of endpoints) clearInterval(endpoint.heartbeat);
      const open = [...connections];
      const deadline = new Promise<void>((resolve) => setTimeout(resolve, closeTimeoutMs).unref());
      await Promise.race([Promise.all(open.map((connection) => closedAndHandled(connection))), deadline]);
      for (const connection of open) connection.ws.terminate();
      await Promise.all(endpoints.map((endpoint) => new Promise<void>((resolve) => endpoint.server.close(() => resolve()))));
    },
  };
}

/** Sends 1001 and resolves once the connection has closed and its handlers, `close` included, have run. */
function closedAndHandled(connection: Connection): Promise<void> {
  return new Promise<void>((resolve) => {
    if (connection.ws.readyState === WebSocket.CLOSED) return resolve();
    connection.ws.once('close', () => resolve());
    connection.socket.close(1001, 'Server shutting down');
    // The endpoint's own close listener came first, so the queue already holds the close handler.
  }).then(() => connection.queue);
}

function reportError(onError: (error: unknown, ctx: KitContext) => void, error: unknown, ctx: KitContext): void {
  try {
    onError(error, ctx);
  } catch {
    // A failing reporter must not take the connection's other handlers down.
  }
}

/** The Fetch request of an upgrade request, or why it cannot be one. */
function toRequest(incoming: IncomingMessage, tls: boolean): Request | string {
  const target = incoming.url ?? '';
  if (!target.startsWith('/'))
    return `The request target ${quoteInput(target)} is not a path; send a path that starts with /, such as /ws.`;
  const host = incoming.headers.host;
  if (!host) return 'The request has no Host header; HTTP/1.1 requires one, such as Host: localhost.';
  let url: URL;
  try {
    url = new URL(`${tls ? 'https' : 'http'}://${host}${target}`);
  } catch {
    return `The Host header ${quoteInput(host)} is not a host name with an optional port, such as localhost:3000.`;
  }
  const headers = new Headers();
  const raw = incoming.rawHeaders;
  for (let index = 0; index + 1 < raw.length; index += 2) {
    try {
      headers.append(raw[index]!, raw[index + 1]!);
    } catch {
      return `The header ${quoteInput(raw[index]!)} has a value that is not allowed in HTTP; send printable characters only.`;
    }
  }
  return new Request(url, { method: incoming.method ?? 'GET', headers });
}

/**
 * Whether a browser page at `origin` may open the endpoint: the server's own origin (same host and
 * port as the `Host` the page connected to; the scheme is not compared, since a proxy may end TLS in
 * front of the app), or one of `allowed`.
 */
function originAllowed(origin: string, request: Request, allowed: readonly string[]): boolean {
  let url: URL | undefined;
  try {
    url = new URL(origin);
  } catch {
    return allowed.includes(origin);
  }
  if (allowed.includes(url.origin)) return true;
  const host = new URL(request.url).host;
  return withoutDefaultPort(url.host) === withoutDefaultPort(host);
}

function withoutDefaultPort(host: string): string {
  return host.toLowerCase().replace(/:(?:80|443)$/, '');
}

/** Path parameters URI-decoded, as Hono gives them to routes; one that does not decode stays as sent. */
function decodeParams(params: Record<string, string | string[]>): Record<string, string> {
  const decoded: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    const text = Array.isArray(value) ? value.join('/') : value;
    try {
      decoded[name] = decodeURIComponent(text);
    } catch {
      decoded[name] = text;
    }
  }
  return decoded;
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}
