import { encodeMessage, ServerSocket, type KitSocket, type WebSocketMessage } from './kit-socket.js';

/** Options of a `WebSocketRoom`. */
export interface WebSocketRoomOptions {
  /**
   * Bytes a member may have waiting to be sent before the room gives up on it: a broadcast that finds
   * a member past this closes its connection with 1013 (try again later) instead of queueing more,
   * so one slow reader cannot make the server's memory grow. Default 4 MiB.
   */
  readonly maxBufferedBytes?: number;
}

/** Default `maxBufferedBytes` of a room: 4 MiB. */
export const defaultMaxBufferedBytes = 4 * 1024 * 1024;

/**
 * A set of connections that receive the same messages: one per chat, document or ticket. Members
 * leave by themselves when their connection closes. A room lives in one process: with several
 * replicas, each room only reaches the connections of its own process.
 *
 * @example
 * ```ts
 * import { defineWebSocket, WebSocketRoom } from '@kit/kit-core';
 *
 * const rooms = new Map<string, WebSocketRoom>();
 * const roomOf = (name: string) => rooms.get(name) ?? rooms.set(name, new WebSocketRoom(name)).get(name)!;
 *
 * export const chat = defineWebSocket('/ws/rooms/:room', {
 *   open: (socket) => {
 *     roomOf(socket.params.room!).join(socket);
 *   },
 *   message: (socket, data) => {
 *     const delivered = roomOf(socket.params.room!).broadcast({ text: String(data) }, { except: socket });
 *     socket.send({ delivered });
 *   },
 * });
 * ```
 */
export class WebSocketRoom {
  /** Name of the room, for logs. */
  readonly name: string;
  readonly #members = new Map<KitSocket, () => void>();
  readonly #maxBufferedBytes: number;

  constructor(name = 'room', options: WebSocketRoomOptions = {}) {
    const maxBufferedBytes = options.maxBufferedBytes ?? defaultMaxBufferedBytes;
    if (!Number.isSafeInteger(maxBufferedBytes) || maxBufferedBytes <= 0) {
      throw new TypeError(
        `WebSocketRoom: maxBufferedBytes of room "${name}" must be a positive whole number of bytes, such as 4194304, got ${String(maxBufferedBytes)}`,
      );
    }
    this.name = name;
    this.#maxBufferedBytes = maxBufferedBytes;
  }

  /** Connections in the room. */
  get size(): number {
    return this.#members.size;
  }

  /**
   * Adds an open connection; it leaves by itself when it closes. Returns `false`, and adds nothing,
   * for a connection that is not open (it would never leave) or already in the room.
   */
  join(socket: KitSocket): boolean {
    if (this.#members.has(socket) || !socket.isOpen) return false;
    const stopWatching = socket instanceof ServerSocket ? socket.onClose(() => this.leave(socket)) : () => undefined;
    this.#members.set(socket, stopWatching);
    return true;
  }

  /** Removes a connection; returns whether it was in the room. */
  leave(socket: KitSocket): boolean {
    const stopWatching = this.#members.get(socket);
    if (!stopWatching) return false;
    this.#members.delete(socket);
    stopWatching();
    return true;
  }

  /** Whether the connection is in the room. */
  has(socket: KitSocket): boolean {
    return this.#members.has(socket);
  }

  /** The connections in the room, in the order they joined. */
  members(): KitSocket[] {
    return [...this.#members.keys()];
  }

  /**
   * Sends one message to every member but `except`, encoded once (a string as text, bytes as
   * binary, anything else as JSON). Returns how many members it was queued for: closed members are
   * skipped and removed, and a member over `maxBufferedBytes` is closed with 1013 and removed.
   */
  broadcast(data: WebSocketMessage, options: { readonly except?: KitSocket } = {}): number {
    const payload = encodeMessage(data);
    let delivered = 0;
    for (const socket of [...this.#members.keys()]) {
      if (socket === options.except) continue;
      if (!socket.isOpen) {
        this.leave(socket);
        continue;
      }
      if (socket.bufferedAmount > this.#maxBufferedBytes) {
        this.leave(socket);
        socket.close(1013, 'Too slow: messages are piling up; reconnect');
        continue;
      }
      const sent = socket instanceof ServerSocket ? socket.sendEncoded(payload) : socket.send(payload);
      if (sent) delivered++;
    }
    return delivered;
  }
}
