/** The path of the dev server's server-sent events. */
export const devEventsPath = '/_kit/events';

/** What the browser is told: a rebuild (`update`, `{"kind":"css"}` when only stylesheets changed) or a build error. */
export type DevEventMessage =
  | { readonly event: 'update'; readonly data: Readonly<Record<string, unknown>> }
  | { readonly event: 'error'; readonly data: Readonly<Record<string, unknown>> };

const encoder = new TextEncoder();

function frame(message: DevEventMessage): Uint8Array {
  return encoder.encode(`event: ${message.event}\ndata: ${JSON.stringify(message.data)}\n\n`);
}

/**
 * The browsers connected to `/_kit/events`: each gets every message as a server-sent event, a comment
 * every `heartbeatMs` so proxies keep the stream open, and on connecting the current error, if any.
 */
export class DevEvents {
  private readonly streams = new Set<ReadableStreamDefaultController<Uint8Array>>();
  private readonly heartbeat: NodeJS.Timeout;
  private pending: DevEventMessage | null = null;

  constructor(heartbeatMs = 15_000) {
    this.heartbeat = setInterval(() => this.write(encoder.encode(': keep-alive\n\n')), heartbeatMs);
    this.heartbeat.unref();
  }

  /** How many browsers are connected. */
  get size(): number {
    return this.streams.size;
  }

  /** Sends a message to every connected browser; an error is also kept for browsers that connect later, until the next update. */
  send(message: DevEventMessage): void {
    this.pending = message.event === 'error' ? message : null;
    this.write(frame(message));
  }

  private write(bytes: Uint8Array): void {
    for (const controller of this.streams) {
      try {
        controller.enqueue(bytes);
      } catch {
        this.streams.delete(controller);
      }
    }
  }

  /** The answer to a browser's `GET /_kit/events`. */
  connect(request: Request): Response {
    let self: ReadableStreamDefaultController<Uint8Array> | undefined;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        self = controller;
        this.streams.add(controller);
        // A reconnecting browser waits a second, not the default three, to hear about a restart.
        controller.enqueue(encoder.encode('retry: 1000\n\n'));
        if (this.pending) controller.enqueue(frame(this.pending));
      },
      cancel: () => {
        if (self) this.streams.delete(self);
      },
    });
    request.signal.addEventListener('abort', () => {
      if (self && this.streams.delete(self)) self.close();
    });
    return new Response(body, {
      headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' },
    });
  }

  /** Ends every stream and the heartbeat, so the server can close. */
  close(): void {
    clearInterval(this.heartbeat);
    for (const controller of this.streams) {
      try {
        controller.close();
      } catch {
        // Already closed by the browser.
      }
    }
    this.streams.clear();
  }
}
