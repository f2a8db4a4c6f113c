import { KitError } from '../errors/kit-error.js';
import { toProblem } from '../errors/problem.js';
import type { ServerSentEvent } from '../definitions/define-api.js';

/** How long a stream may stay silent before a comment line keeps proxies and browsers from closing it. */
export const DEFAULT_HEARTBEAT_MS = 15_000;

const encoder = new TextEncoder();
const HEARTBEAT = encoder.encode(': keep-alive\n\n');

/** One field of an event, refused when it would break the stream's framing. */
function fieldValue(name: 'id' | 'event', value: string, where: string): string {
  if (/[\r\n\0]/.test(value)) {
    throw new KitError('internal', `${where}: the ${name} of an event may not hold a line break or NUL, got ${JSON.stringify(value)}`);
  }
  return value;
}

/**
 * The text of one server-sent event: `id:` and `event:` when given, then the data as one `data:` line of
 * JSON (JSON never holds a raw line break, so one line always carries it whole).
 *
 * @example
 * ```ts
 * import { formatServerSentEvent } from '@kit/kit-core/http';
 *
 * console.log(formatServerSentEvent({ id: '7', event: 'status', data: { to: 'running' } }, 'GET /api/runs/:id/events'));
 * // id: 7\nevent: status\ndata: {"to":"running"}\n\n
 * ```
 */
export function formatServerSentEvent(event: ServerSentEvent, where: string): string {
  let text = '';
  if (event.id !== undefined) text += `id: ${fieldValue('id', event.id, where)}\n`;
  if (event.event !== undefined) text += `event: ${fieldValue('event', event.event, where)}\n`;
  return `${text}data: ${JSON.stringify(event.data) ?? 'null'}\n\n`;
}

/** What `eventStreamResponse` needs besides the events. */
export interface EventStreamOptions {
  /** Names the route in errors (`GET /api/runs/:id/events`). */
  where: string;
  /** Headers of the answer, under the stream's own. */
  headers: Record<string, string>;
  /** Aborted when the client goes away, so the producer stops. */
  controller: AbortController;
  heartbeatMs?: number;
  /** Told of an error that ended the stream after it began (the client gets an `error` event with its problem document). */
  onError?: (error: unknown) => void;
}

/**
 * A `text/event-stream` answer that sends `events` as they come, read as fast as the client takes
 * them (a slow client slows the producer, never the server's memory), with a comment line after each
 * `heartbeatMs` of silence. When the client goes away the producer is told (its iterator is returned
 * and `controller` aborted); an error after the stream began is sent as a last `error` event holding
 * the problem document, since the status line is gone by then.
 */
export function eventStreamResponse(events: AsyncIterable<ServerSentEvent>, options: EventStreamOptions): Response {
  const { where, controller } = options;
  const heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  const iterator = events[Symbol.asyncIterator]();
  let lastSent = Date.now();
  let heartbeat: NodeJS.Timeout | undefined;
  const stop = (): void => {
    clearInterval(heartbeat);
    if (!controller.signal.aborted) controller.abort();
  };
  const body = new ReadableStream<Uint8Array>({
    start(stream) {
      heartbeat = setInterval(
        () => {
          if (Date.now() - lastSent < heartbeatMs) return;
          lastSent = Date.now();
          stream.enqueue(HEARTBEAT);
        },
        Math.max(1, Math.floor(heartbeatMs / 2)),
      );
      heartbeat.unref();
    },
    async pull(stream) {
      try {
        const next = await iterator.next();
        // The client left while the producer was working: there is no one to send to.
        if (controller.signal.aborted) return;
        if (next.done) {
          stop();
          stream.close();
          return;
        }
        lastSent = Date.now();
        stream.enqueue(encoder.encode(formatServerSentEvent(next.value, where)));
      } catch (error) {
        if (controller.signal.aborted) return;
        stop();
        options.onError?.(error);
        stream.enqueue(encoder.encode(formatServerSentEvent({ event: 'error', data: toProblem(error) }, where)));
        stream.close();
      }
    },
    cancel() {
      stop();
      void Promise.resolve(iterator.return?.()).catch(() => undefined);
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      ...options.headers,
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      // Proxies that buffer answers (nginx) would hold events back.
      'X-Accel-Buffering': 'no',
    },
  });
}
