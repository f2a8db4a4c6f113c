import { describe, expect, it } from 'vitest';
import type { ByteOutput } from './html-sink.js';
import { HtmlSink } from './html-sink.js';

const text = (chunk: Uint8Array) => new TextDecoder().decode(chunk);
const bytes = (value: string) => new TextEncoder().encode(value);

/** An output that records what the sink sends, each call as one entry. */
function recorder() {
  const calls: { kind: 'write' | 'end' | 'fail'; text: string; first?: boolean }[] = [];
  const output: ByteOutput = {
    write: (chunk) => calls.push({ kind: 'write', text: text(chunk) }),
    end: (chunk, first) => calls.push({ kind: 'end', text: text(chunk), first }),
    fail: (error) => calls.push({ kind: 'fail', text: String(error) }),
  };
  return { calls, output };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
/** A render React has finished: its flush is followed by the end at once. */
const whole = { whole: true } as const;

describe('HtmlSink', () => {
  it('sends the pieces of one flush as one chunk at once, and the last with the tail before the closing tags', async () => {
    const { calls, output } = recorder();
    const render = { whole: false };
    const sink = new HtmlSink(() => '<script>state</script>', '', render);
    sink.attach(output);
    sink.write(bytes('<html><body>'));
    sink.write('<p>shell</p>');
    sink.flush();
    expect(calls).toEqual([{ kind: 'write', text: '<html><body><p>shell</p>' }]);
    sink.write(bytes('<p>page</p></bo'));
    render.whole = true;
    sink.write(bytes('dy></html>'));
    sink.flush();
    expect(calls).toHaveLength(1);
    sink.end();
    expect(calls).toEqual([
      { kind: 'write', text: '<html><body><p>shell</p>' },
      { kind: 'end', text: '<p>page</p><script>state</script></body></html>', first: false },
    ]);
    expect(sink.done).toBe(true);
  });

  it('tells the output when the whole document came in one piece, and appends the tail to a fragment', async () => {
    const document = recorder();
    const sink = new HtmlSink(() => 'T', '', whole);
    sink.attach(document.output);
    sink.write(bytes('<html><body>x</body></html>'));
    sink.flush();
    sink.end();
    const fragment = recorder();
    const other = new HtmlSink(() => 'T', '', whole);
    other.attach(fragment.output);
    other.write('x</body></html>y');
    other.flush();
    other.end();
    await settle();
    expect(document.calls).toEqual([{ kind: 'end', text: '<html><body>xT</body></html>', first: true }]);
    expect(fragment.calls).toEqual([{ kind: 'end', text: 'x</body></html>yT', first: true }]);
  });

  it('writes a tail of several parts in order, multi-byte text included, before the closing tags', async () => {
    const { calls, output } = recorder();
    const sink = new HtmlSink(() => ['<script>', '{"name":"Zoë ✓"}', '</script>'], '<link/>', whole);
    sink.attach(output);
    sink.write(bytes('<html><head></head><body>x</bo'));
    sink.write('dy></html>');
    sink.flush();
    sink.end();
    await settle();
    expect(calls).toEqual([
      { kind: 'end', text: '<html><head><link/></head><body>x<script>{"name":"Zoë ✓"}</script></body></html>', first: true },
    ]);
  });

  it('places the head text only before a whole </head>, never one cut at the end of a flush', async () => {
    const { calls, output } = recorder();
    const sink = new HtmlSink(() => '', 'H');
    sink.attach(output);
    sink.write('<html><head></he');
    sink.flush();
    await settle();
    sink.write('ad><body></body></html>');
    sink.flush();
    sink.end();
    await settle();
    expect(calls.map((call) => call.text).join('')).toBe('<html><head></head><body></body></html>');
  });

  it('waits for a tail that is not ready yet, and fails the output when it cannot be made', async () => {
    const { calls, output } = recorder();
    let release: (text: string) => void = () => undefined;
    const sink = new HtmlSink(() => new Promise<string>((resolve) => (release = resolve)));
    sink.attach(output);
    sink.write('<body></body></html>');
    sink.end();
    expect(sink.done).toBe(false);
    release('S');
    await settle();
    expect(calls).toEqual([{ kind: 'end', text: '<body>S</body></html>', first: true }]);

    const failing = recorder();
    const broken = new HtmlSink(() => Promise.reject(new Error('no state')));
    broken.attach(failing.output);
    broken.end();
    await settle();
    expect(failing.calls).toEqual([{ kind: 'fail', text: 'Error: no state' }]);
  });

  it("tells React's close listeners when the reader leaves, and writes nothing after", async () => {
    const { calls, output } = recorder();
    const sink = new HtmlSink(() => 'T', '', whole);
    sink.attach(output);
    let closed = 0;
    sink.on('close', () => (closed += 1));
    sink.on('drain', () => (closed += 100));
    sink.write('<p>a</p>');
    sink.flush();
    sink.close();
    sink.close();
    sink.end();
    await settle();
    expect(closed).toBe(1);
    expect(calls).toEqual([]);
    expect(sink.done).toBe(true);
  });

  it('puts the head text in front of the first </head> once, in whichever flush brings it', async () => {
    const { calls, output } = recorder();
    const render = { whole: false };
    const sink = new HtmlSink(() => 'T', '<link rel="modulepreload" href="/a.js"/>', render);
    sink.attach(output);
    sink.write(bytes('<!DOCTYPE html><html><he'));
    sink.flush();
    await settle();
    sink.write(bytes('ad><title>x</title></he'));
    sink.write('ad><body><p>é</p>');
    sink.flush();
    await settle();
    render.whole = true;
    sink.write(bytes('<p>no </head> here</p></body></html>'));
    sink.flush();
    sink.end();
    await settle();
    expect(calls).toEqual([
      { kind: 'write', text: '<!DOCTYPE html><html><he' },
      { kind: 'write', text: 'ad><title>x</title><link rel="modulepreload" href="/a.js"/></head><body><p>é</p>' },
      { kind: 'end', text: '<p>no </head> here</p>T</body></html>', first: false },
    ]);
  });

  it('puts the head text in a document that comes whole, and leaves a document without </head> as it is', async () => {
    const document = recorder();
    const sink = new HtmlSink(() => 'T', 'H', whole);
    sink.attach(document.output);
    sink.write(bytes('<html><head></head><body>x</body></html>'));
    sink.flush();
    sink.end();
    const headless = recorder();
    const other = new HtmlSink(() => '', 'H', whole);
    other.attach(headless.output);
    other.write(bytes('<p>x</p>'));
    other.flush();
    other.end();
    await settle();
    expect(document.calls).toEqual([{ kind: 'end', text: '<html><head>H</head><body>xT</body></html>', first: true }]);
    expect(headless.calls).toEqual([{ kind: 'end', text: '<p>x</p>', first: true }]);
  });
});
