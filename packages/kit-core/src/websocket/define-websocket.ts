import { browserOrigin } from '../http/origin.js';
import type { KitSocket } from './kit-socket.js';

/**
 * What a WebSocket endpoint does on each event of a connection. Events of one connection are handled
 * one at a time, in order (`open`, each `message`, `close`): a handler that returns a promise is awaited
 * before the next event's handler runs. A handler that throws or rejects is reported to
 * `KitConfig.onError` and the connection is closed with 1011.
 */
export interface WebSocketHandlers {
  /** The connection is open: the upgrade request passed authentication, rate limits and middleware. */
  open?(socket: KitSocket): void | Promise<void>;
  /** A message arrived: text frames as a `string`, binary frames as a `Buffer`. */
  message?(socket: KitSocket, data: string | Buffer): void | Promise<void>;
  /** The connection closed, with the close code and reason (1006 and `''` when it dropped without one). */
  close?(socket: KitSocket, code: number, reason: string): void | Promise<void>;
  /** A protocol error on the connection (a message over `maxPayloadBytes`, bad framing); it closes next. */
  error?(socket: KitSocket, error: Error): void | Promise<void>;
}

/** Limits and checks of a WebSocket endpoint. */
export interface WebSocketOptions {
  /** Largest message accepted, in bytes; a larger one closes the connection with 1009. Default 1 MiB. */
  readonly maxPayloadBytes?: number;
  /**
   * Interval of the heartbeat, in milliseconds: each interval the server pings every connection and
   * ends (without a close handshake) those that did not answer the previous ping. Default 30 000; 0 turns it off.
   */
  readonly heartbeatMs?: number;
  /**
   * Origins of web pages, besides the server's own, that may open the endpoint (`https://app.example.com`).
   * A browser's upgrade request whose `Origin` is neither is refused with 403, so a page on another
   * site cannot use a visitor's cookies to open a connection in their name. Requests without `Origin`
   * (programs, not browsers) are not checked.
   */
  readonly allowedOrigins?: readonly string[];
}

/** A WebSocket endpoint, from `defineWebSocket`, for `KitConfig.websockets` or a plugin's `websockets`. */
export interface WebSocketDefinition {
  /** The path in the routes' syntax: `/ws/rooms/:room` puts `room` in `socket.params`. */
  readonly path: string;
  readonly handlers: WebSocketHandlers;
  readonly options: Required<Omit<WebSocketOptions, 'allowedOrigins'>> & { readonly allowedOrigins: readonly string[] };
}

/** Default `maxPayloadBytes`: 1 MiB. */
export const defaultMaxPayloadBytes = 1024 * 1024;
/** Default `heartbeatMs`: 30 s. */
export const defaultHeartbeatMs = 30_000;

const handlerNames = ['open', 'message', 'close', 'error'] as const;

/**
 * Declares a WebSocket endpoint at `path`. `createKitApp` serves it from `listen()`: the upgrade
 * request goes through the app's authentication, rate limits and middleware like any request, and
 * is refused with their problem document (401, 429, ...) when they refuse it; an unknown path is 404
 * and a foreign browser `Origin` 403. Bad arguments throw a `TypeError` naming the fix.
 *
 * @example
 * ```ts
 * import { createKitApp, defineWebSocket, WebSocketRoom } from '@kit/kit-core';
 *
 * const lobby = new WebSocketRoom('lobby');
 * const chat = defineWebSocket('/ws/chat', {
 *   open: (socket) => {
 *     lobby.join(socket);
 *     socket.send({ type: 'welcome', id: socket.id });
 *   },
 *   message: (socket, data) => {
 *     lobby.broadcast({ from: socket.id, text: String(data) }, { except: socket });
 *   },
 * }, { maxPayloadBytes: 64 * 1024, allowedOrigins: ['https://chat.example.com'] });
 *
 * const server = await createKitApp({ routes: {}, websockets: [chat] }).listen({ port: 0 });
 * ```
 */
export function defineWebSocket(path: string, handlers: WebSocketHandlers, options: WebSocketOptions = {}): WebSocketDefinition {
  if (typeof path !== 'string' || !path.startsWith('/'))
    throw new TypeError(`defineWebSocket: path must start with "/", such as "/ws/chat", got ${JSON.stringify(path) ?? String(path)}`);
  if (typeof handlers !== 'object' || handlers === null)
    throw new TypeError(
      `defineWebSocket: handlers of ${path} must be an object such as { open, message, close }, got ${handlers === null ? 'null' : typeof handlers}`,
    );
  for (const name of handlerNames) {
    const handler = handlers[name];
    if (handler !== undefined && typeof handler !== 'function')
      throw new TypeError(`defineWebSocket: handler "${name}" of ${path} must be a function, got ${typeof handler}`);
  }
  const unknown = Object.keys(handlers).filter((name) => !(handlerNames as readonly string[]).includes(name));
  if (unknown.length > 0)
    throw new TypeError(
      `defineWebSocket: ${path} has unknown handler ${unknown.map((name) => `"${name}"`).join(', ')}; the handlers are ${handlerNames.join(', ')}`,
    );

  const maxPayloadBytes = options.maxPayloadBytes ?? defaultMaxPayloadBytes;
  if (!Number.isSafeInteger(maxPayloadBytes) || maxPayloadBytes <= 0) {
    throw new TypeError(
      `defineWebSocket: maxPayloadBytes of ${path} must be a positive whole number of bytes, such as 1048576, got ${String(maxPayloadBytes)}`,
    );
  }
  const heartbeatMs = options.heartbeatMs ?? defaultHeartbeatMs;
  if (!Number.isSafeInteger(heartbeatMs) || heartbeatMs < 0 || heartbeatMs > 2_147_483_647) {
    throw new TypeError(
      `defineWebSocket: heartbeatMs of ${path} must be a whole number of milliseconds (0 turns the heartbeat off), such as 30000, got ${String(heartbeatMs)}`,
    );
  }
  const allowedOrigins = (options.allowedOrigins ?? []).map((origin) => normalizeOrigin(origin, path));
  return { path, handlers, options: { maxPayloadBytes, heartbeatMs, allowedOrigins } };
}

/** `https://app.example.com` as browsers send it in `Origin` (lower case, no default port); `null` stays `null`. */
function normalizeOrigin(origin: string, path: string): string {
  if (origin === 'null') return origin;
  const normalized = browserOrigin(origin);
  if (normalized === undefined) {
    throw new TypeError(
      `defineWebSocket: allowedOrigins of ${path} must be origins such as "https://app.example.com" (scheme, host and optional port, no path), got ${JSON.stringify(origin) ?? String(origin)}`,
    );
  }
  return normalized;
}
