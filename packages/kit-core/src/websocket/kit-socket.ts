import { randomUUID } from 'node:crypto';
import { WebSocket } from 'ws';
import type { KitContext } from '../definitions/context.js';

/**
 * What `KitSocket.send` and `WebSocketRoom.broadcast` accept: a string goes as a text frame, bytes
 * (`Uint8Array`, `Buffer`, `ArrayBuffer`) as a binary frame, anything else as the text of its JSON.
 */
export type WebSocketMessage = string | ArrayBuffer | ArrayBufferView | object | number | boolean | null;

/**
 * One open WebSocket connection, as the handlers of a `defineWebSocket` endpoint see it.
 *
 * @example
 * ```ts
 * import { defineWebSocket, type KitSocket } from '@kit/kit-core';
 *
 * function greet(socket: KitSocket): void {
 *   socket.send({ hello: socket.ctx.auth?.subject ?? 'stranger', room: socket.params.room });
 * }
 * export const rooms = defineWebSocket('/ws/rooms/:room', { open: greet });
 * ```
 */
export interface KitSocket {
  /** Random id of the connection (a UUID). */
  readonly id: string;
  /** The context of the upgrade request once authentication and middleware ran: `authType`, `auth`, `requestId`. */
  readonly ctx: KitContext;
  /** Path parameters of the endpoint (`room` of `/ws/rooms/:room`), URI-decoded. */
  readonly params: Readonly<Record<string, string>>;
  /** Whether the connection is open, so `send` would send. */
  readonly isOpen: boolean;
  /** Bytes queued for the peer and not yet written to the network: high for a peer that reads slowly. */
  readonly bufferedAmount: number;
  /**
   * Sends one message (a string as text, bytes as binary, anything else as JSON text). Returns whether
   * it was queued; `false` once the connection is closing or closed. A value that has no JSON form
   * (`undefined`, a function, a cycle, a `bigint`) throws a `TypeError`.
   */
  send(data: WebSocketMessage): boolean;
  /**
   * Starts the closing handshake with `code` (1000 unless given) and `reason` (cut to the protocol's
   * 123 bytes). `code` is one a peer may send: 1000-1003, 1007-1014, or an application's 3000-4999;
   * another throws a `TypeError`. Does nothing once closing.
   */
  close(code?: number, reason?: string): void;
}

/** A message in the form `ws` sends: text or bytes. */
export type EncodedMessage = string | Buffer;

/** The frame payload of a message: text as it is, bytes without copying, other values as JSON text. */
export function encodeMessage(data: WebSocketMessage): EncodedMessage {
  if (typeof data === 'string') return data;
  if (data instanceof ArrayBuffer) return Buffer.from(data);
  if (ArrayBuffer.isView(data)) return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  let text: string | undefined;
  try {
    text = JSON.stringify(data);
  } catch (error) {
    throw new TypeError(
      `KitSocket.send: the message has no JSON form (${error instanceof Error ? error.message : String(error)}); send a string, bytes or a JSON-serialisable value`,
      { cause: error },
    );
  }
  if (text === undefined)
    throw new TypeError(`KitSocket.send: a ${typeof data} has no JSON form; send a string, bytes or a JSON-serialisable value`);
  return text;
}

/** Longest close reason the protocol allows, in bytes (a control frame carries 125, two are the code). */
const maxReasonBytes = 123;

/** The `KitSocket` of a `ws` connection, with hooks rooms use to learn when it closes. */
export class ServerSocket implements KitSocket {
  readonly id = randomUUID();
  readonly #ws: WebSocket;
  readonly #closeHooks = new Set<() => void>();

  constructor(
    ws: WebSocket,
    readonly ctx: KitContext,
    readonly params: Readonly<Record<string, string>>,
  ) {
    this.#ws = ws;
  }

  get isOpen(): boolean {
    return this.#ws.readyState === WebSocket.OPEN;
  }

  get bufferedAmount(): number {
    return this.#ws.bufferedAmount;
  }

  send(data: WebSocketMessage): boolean {
    return this.sendEncoded(encodeMessage(data));
  }

  /** Sends a payload already encoded (a room encodes a broadcast once for all its members). */
  sendEncoded(payload: EncodedMessage): boolean {
    if (!this.isOpen) return false;
    // A write that fails means the connection is going away; its close event follows, so the error is dropped.
    this.#ws.send(payload, { binary: typeof payload !== 'string' }, () => undefined);
    return true;
  }

  close(code = 1000, reason = ''): void {
    if (!isSendableCode(code)) {
      throw new TypeError(
        `KitSocket.close: code must be 1000 (normal), 1001-1003, 1007-1014, or an application code from 3000 to 4999, got ${String(code)}`,
      );
    }
    if (this.#ws.readyState === WebSocket.CLOSING || this.#ws.readyState === WebSocket.CLOSED) return;
    this.#ws.close(code, cutReason(reason));
  }

  /** Ends the connection at once, without a closing handshake. */
  terminate(): void {
    this.#ws.terminate();
  }

  /** Calls `hook` once when the connection closes; returns a function that removes it. */
  onClose(hook: () => void): () => void {
    this.#closeHooks.add(hook);
    return () => this.#closeHooks.delete(hook);
  }

  /** Runs the close hooks; called by the server when the connection has closed. */
  closed(): void {
    for (const hook of [...this.#closeHooks]) {
      try {
        hook();
      } catch {
        // A room's bookkeeping must not stop the others or the endpoint's close handler.
      }
    }
    this.#closeHooks.clear();
  }
}

/** RFC 6455 §7.4: 1004-1006 and 1015 are reserved and never sent in a close frame. */
function isSendableCode(code: number): boolean {
  return Number.isInteger(code) && ((code >= 1000 && code <= 1003) || (code >= 1007 && code <= 1014) || (code >= 3000 && code <= 4999));
}

/** The reason cut to whole characters that fit the close frame. */
function cutReason(reason: string): string {
  const text = String(reason);
  if (Buffer.byteLength(text) <= maxReasonBytes) return text;
  let cut = '';
  for (const character of text) {
    if (Buffer.byteLength(cut + character) > maxReasonBytes) break;
    cut += character;
  }
  return cut;
}
