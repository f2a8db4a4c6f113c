import { createParser, type EventSourceMessage } from 'eventsource-parser';

/** One server-sent event: its `event:` name (when the server gave one) and its joined `data:` lines. */
export interface ServerSentEvent {
  readonly event: string | undefined;
  readonly data: string;
}

/**
 * Reads the server-sent events of a response body as they arrive. Both provider protocols stream
 * this way, so they share this reader.
 *
 * The body is decoded as UTF-8 with a streaming decoder, so a character split between two network
 * chunks is joined before parsing; `data:` lines of one event are joined with `\n` and comment lines
 * are skipped (the parser follows the WHATWG rules). A last event that the server did not close
 * with a blank line is still delivered when the body ends, because some servers omit it.
 *
 * When the caller stops early (a `break`, a thrown error, an aborted signal), the body is cancelled
 * so the connection is released instead of being read to its end.
 */
export async function* readServerSentEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ServerSentEvent, void, undefined> {
  const pending: ServerSentEvent[] = [];
  const parser = createParser({
    onEvent: (message: EventSourceMessage) => {
      pending.push({ event: message.event, data: message.data });
    },
  });
  const decoder = new TextDecoder('utf-8');
  const reader = body.getReader();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
      while (pending.length > 0) yield pending.shift() as ServerSentEvent;
    }
    finished = true;
    // Two line ends close whatever the server left open; they add nothing after a closed event.
    parser.feed(`${decoder.decode()}\n\n`);
    while (pending.length > 0) yield pending.shift() as ServerSentEvent;
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
