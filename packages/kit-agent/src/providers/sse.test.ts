import { describe, expect, it } from 'vitest';
import { readServerSentEvents, type ServerSentEvent } from './sse.js';

/** A body that delivers each piece as a separate read, as a network would. */
function bodyOf(pieces: readonly (string | Uint8Array)[], onCancel?: () => void): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let index = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const piece = pieces[index++];
      if (piece === undefined) controller.close();
      else controller.enqueue(typeof piece === 'string' ? encoder.encode(piece) : piece);
    },
    cancel() {
      onCancel?.();
    },
  });
}

async function collect(body: ReadableStream<Uint8Array>): Promise<ServerSentEvent[]> {
  const events: ServerSentEvent[] = [];
  for await (const event of readServerSentEvents(body)) events.push(event);
  return events;
}

describe('readServerSentEvents', () => {
  it('reads named events and unnamed data events', async () => {
    const events = await collect(bodyOf(['event: ping\ndata: {"type":"ping"}\n\n', 'data: {"a":1}\n\n', 'data: [DONE]\n\n']));
    expect(events).toEqual([
      { event: 'ping', data: '{"type":"ping"}' },
      { event: undefined, data: '{"a":1}' },
      { event: undefined, data: '[DONE]' },
    ]);
  });

  it('joins multi-line data with newlines and skips comments', async () => {
    const events = await collect(
      bodyOf([': keep-alive\n\n', 'data: first line\ndata: second line\n', ': a comment inside\ndata:third\n\n']),
    );
    expect(events).toEqual([{ event: undefined, data: 'first line\nsecond line\nthird' }]);
  });

  it('accepts CRLF and CR line endings', async () => {
    const events = await collect(bodyOf(['event: a\r\ndata: 1\r\n\r\n', 'data: 2\r\rdata: 3\n\n']));
    expect(events.map((event) => event.data)).toEqual(['1', '2', '3']);
    expect(events[0]?.event).toBe('a');
  });

  it('reassembles events split mid-line, mid-field and between the two newlines', async () => {
    const events = await collect(bodyOf(['da', 'ta: {"te', 'xt":"hel', 'lo"}\n', '\n', 'event: mess', 'age_stop\ndata: {}\n\n']));
    expect(events).toEqual([
      { event: undefined, data: '{"text":"hello"}' },
      { event: 'message_stop', data: '{}' },
    ]);
  });

  it('joins a UTF-8 character split between two network chunks', async () => {
    const bytes = new TextEncoder().encode('data: {"text":"Grüße 🌍"}\n\n');
    // Cut inside "ü" (2 bytes) and inside the emoji (4 bytes).
    const u = bytes.indexOf(0xc3);
    const emoji = bytes.indexOf(0xf0);
    const pieces = [bytes.slice(0, u + 1), bytes.slice(u + 1, emoji + 2), bytes.slice(emoji + 2)];
    const events = await collect(bodyOf(pieces));
    expect(events).toEqual([{ event: undefined, data: '{"text":"Grüße 🌍"}' }]);
    expect(JSON.parse(events[0]?.data ?? '')).toEqual({ text: 'Grüße 🌍' });
  });

  it('delivers a last event the server did not close with a blank line', async () => {
    const events = await collect(bodyOf(['data: one\n\n', 'data: [DONE]']));
    expect(events.map((event) => event.data)).toEqual(['one', '[DONE]']);
  });

  it('yields events as they arrive, before the body ends', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const encoder = new TextEncoder();
    let step = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        step += 1;
        if (step === 1) controller.enqueue(encoder.encode('data: early\n\n'));
        else if (step === 2) {
          await gate;
          controller.enqueue(encoder.encode('data: late\n\n'));
        } else controller.close();
      },
    });
    const iterator = readServerSentEvents(body);
    const first = await iterator.next();
    expect(first.value).toEqual({ event: undefined, data: 'early' });
    release();
    const second = await iterator.next();
    expect(second.value).toEqual({ event: undefined, data: 'late' });
    expect((await iterator.next()).done).toBe(true);
  });

  it('cancels the body when the reader stops early', async () => {
    let canceled = false;
    const body = bodyOf(['data: 1\n\n', 'data: 2\n\n', 'data: 3\n\n'], () => {
      canceled = true;
    });
    for await (const event of readServerSentEvents(body)) {
      if (event.data === '1') break;
    }
    expect(canceled).toBe(true);
  });

  it('passes the error of a failing body to the reader', async () => {
    let step = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        step += 1;
        if (step === 1) controller.enqueue(new TextEncoder().encode('data: 1\n\n'));
        else controller.error(new Error('socket closed'));
      },
    });
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const event of readServerSentEvents(body)) seen.push(event.data);
      })(),
    ).rejects.toThrow('socket closed');
    expect(seen).toEqual(['1']);
  });
});
