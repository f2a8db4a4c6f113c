import { Buffer } from 'node:buffer';
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { unreadHeaderRecord } from '@kit/kit-core/http';
import type { ByteOutput, HtmlSink } from './html-sink.js';

/** What starts and stops React's render: `pipe` starts the flow into the sink. */
export interface RenderControl {
  pipe(sink: HtmlSink): void;
  abort(reason?: unknown): void;
}

/**
 * The body of a streamed page, with two sinks for one render: a web `ReadableStream` (read by `fetch()`
 * callers and any middleware that reads bodies), or, when a Node server sends the response and nobody
 * has read the body, the Node response itself, so that the bytes go from React to the socket without a
 * web stream in between. React starts writing only when one of them asks, and only one of them can.
 *
 * The web stream is made only when something reads the body. Besides the work of making one, a Node
 * web stream is held by a native handle that only a full garbage collection releases, so everything it
 * reaches (React's request, the tree, the loader data) would be promoted to the old space with it on
 * every page, and the young collections that run every few dozen pages would take twice as long.
 */
export class HtmlBody {
  private readonly lazy: LazyStream;
  private source: { readonly sink: HtmlSink; readonly render: RenderControl } | null;
  private made: ReadableStream<Uint8Array> | null = null;
  /** The sink the web stream feeds from, once it took the render. */
  private webSink: HtmlSink | null = null;

  constructor(sink: HtmlSink, render: RenderControl) {
    this.source = { sink, render };
    this.lazy = new LazyStream(() => this.webStream());
  }

  /** What the `Response` carries: a stand-in that makes the web stream on first use. */
  get body(): ReadableStream<Uint8Array> {
    return this.lazy as unknown as ReadableStream<Uint8Array>;
  }

  /**
   * Sends the page into a Node response (status, headers, body). False, doing nothing, once anything
   * used the web body: a reader, a clone, a tee, or Node's own `Response`, which takes hold of its body
   * when it is made (@hono/node-server's lighter `Response`, which its servers run with, does not).
   */
  sendToNode(outgoing: ServerResponse, status: number, headers: OutgoingHttpHeaders): boolean {
    if (this.lazy.touched) return false;
    const source = this.take();
    if (source === null) return false;
    const { sink, render } = source;
    sink.attach(new NodeOutput(outgoing, status, headers));
    render.pipe(sink);
    // A page that was ready is written whole by pipe(); only one still streaming needs to hear of a
    // client that leaves early, to stop rendering it.
    if (!sink.done) {
      outgoing.once('close', () => {
        if (!outgoing.writableFinished) sink.close();
      });
    }
    return true;
  }

  private webStream(): ReadableStream<Uint8Array> {
    this.made ??= new ReadableStream<Uint8Array>(
      {
        pull: (controller) => {
          const source = this.take();
          if (source === null) {
            if (this.webSink === null)
              controller.error(new Error('This page was sent to a Node response; its web body has nothing to give.'));
            return;
          }
          this.webSink = source.sink;
          source.sink.attach(new WebOutput(controller));
          source.render.pipe(source.sink);
        },
        cancel: () => {
          const source = this.take();
          // Nothing was piped yet, so React's own cancel handler is not attached: stop the render here.
          if (source !== null) source.render.abort();
          else this.webSink?.close();
        },
      },
      { highWaterMark: 0 },
    );
    return this.made;
  }

  private take(): { readonly sink: HtmlSink; readonly render: RenderControl } | null {
    const source = this.source;
    this.source = null;
    return source;
  }
}

/** Node's `ReadableStream` is async iterable; the DOM typings the project compiles with do not say so. */
interface IterableStream {
  values(options?: { preventCancel?: boolean }): AsyncIterableIterator<Uint8Array>;
}

/**
 * A `ReadableStream` in all but construction: every method makes the real stream first. A `Response`
 * accepts it as its body (@hono/node-server's lightweight `Response` keeps it as a stream, Node's own
 * reads it as an async iterable), and nothing is made until a reader asks.
 */
class LazyStream {
  private stream: ReadableStream<Uint8Array> | null = null;
  /** Whether anything but a look at `locked` reached the body. */
  touched = false;

  constructor(private readonly make: () => ReadableStream<Uint8Array>) {}

  private real(): ReadableStream<Uint8Array> {
    this.touched = true;
    return (this.stream ??= this.make());
  }

  get locked(): boolean {
    return this.stream?.locked ?? false;
  }

  getReader(...args: Parameters<ReadableStream<Uint8Array>['getReader']>): ReturnType<ReadableStream<Uint8Array>['getReader']> {
    return this.real().getReader(...args);
  }

  cancel(reason?: unknown): Promise<void> {
    return this.real().cancel(reason);
  }

  pipeTo(...args: Parameters<ReadableStream<Uint8Array>['pipeTo']>): Promise<void> {
    return this.real().pipeTo(...args);
  }

  pipeThrough<T>(transform: ReadableWritablePair<T, Uint8Array>, options?: StreamPipeOptions): ReadableStream<T> {
    return this.real().pipeThrough(transform, options);
  }

  tee(): [ReadableStream<Uint8Array>, ReadableStream<Uint8Array>] {
    return this.real().tee();
  }

  values(options?: { preventCancel?: boolean }): AsyncIterableIterator<Uint8Array> {
    return (this.real() as unknown as IterableStream).values(options);
  }

  /** The web stream is made on the iterator's first `next()` (Node's `Response` asks for the iterator early). */
  [Symbol.asyncIterator](options?: { preventCancel?: boolean }): AsyncIterableIterator<Uint8Array> {
    this.touched = true;
    let inner: AsyncIterableIterator<Uint8Array> | null = null;
    const started = () => (inner ??= this.values(options));
    const iterator: AsyncIterableIterator<Uint8Array> = {
      next: () => started().next(),
      return: async (value?: unknown) => {
        if (inner !== null) return (await inner.return?.(value)) ?? { done: true, value: undefined };
        await this.real().cancel(value);
        return { done: true, value: undefined };
      },
      [Symbol.asyncIterator]: () => iterator,
    };
    return iterator;
  }
}

class WebOutput implements ByteOutput {
  constructor(private readonly controller: ReadableStreamDefaultController<Uint8Array>) {}

  write(chunk: Uint8Array): void {
    this.controller.enqueue(chunk);
  }

  end(chunk: Uint8Array): void {
    if (chunk.byteLength > 0) this.controller.enqueue(chunk);
    this.controller.close();
  }

  fail(error: unknown): void {
    this.controller.error(error);
  }
}

class NodeOutput implements ByteOutput {
  constructor(
    private readonly outgoing: ServerResponse,
    private readonly status: number,
    private readonly headers: OutgoingHttpHeaders,
  ) {}

  write(chunk: Uint8Array): void {
    if (!this.outgoing.headersSent) this.outgoing.writeHead(this.status, this.headers);
    this.outgoing.write(chunk);
  }

  end(chunk: Uint8Array, first: boolean): void {
    if (!this.outgoing.headersSent) {
      // The whole document in one piece: its length is known, so no chunked encoding is needed.
      if (first) this.headers['content-length'] = chunk.byteLength;
      this.outgoing.writeHead(this.status, this.headers);
    }
    this.outgoing.end(chunk);
  }

  fail(error: unknown): void {
    this.outgoing.destroy(error instanceof Error ? error : new Error(String(error)));
  }
}

/** A `Headers` as Node writes them, `Set-Cookie` as a list of its values. */
function nodeHeaders(headers: Headers): OutgoingHttpHeaders {
  const record: OutgoingHttpHeaders = {};
  headers.forEach((value, name) => {
    if (name !== 'set-cookie') record[name] = value;
  });
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) record['set-cookie'] = cookies;
  return record;
}

/**
 * Where a page response keeps its body for `sendPageToNode`: the streamed body, or the text of a page
 * rendered whole. A property of its own rather than a WeakMap entry, which costs more to add on every page
 * and more again for the collector to clear.
 */
const pageBody = Symbol('kit.pageBody');
type WithPageBody = Response & { [pageBody]?: HtmlBody | string };

/** Remembers the body of a page response, streamed or whole, for `sendPageToNode`. */
export function rememberBody(response: Response, body: HtmlBody | string): Response {
  (response as WithPageBody)[pageBody] = body;
  return response;
}

/**
 * Lets a Node server send a page that `renderPage` made straight into its `ServerResponse`: the
 * response's status and headers as they are now (after middleware), then the document. A page rendered
 * whole goes out in one write with a `Content-Length`; a streamed one is written from React into the
 * socket flush by flush, with no web stream in between. Returns false, writing nothing, for any other
 * response and for a streamed page whose web body was used (read, cloned, teed, or wrapped by Node's own
 * `Response`, which takes hold of its body when it is made): the caller then sends the `Response` as
 * usual. So streaming this way takes effect on servers that run with @hono/node-server's lighter
 * `Response` (kit-dev's, kit-core's), and either way the bytes on the wire are the same. kit-dev's server
 * calls it for every answer; a custom Node server may too.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { sendPageToNode } from '@kit/kit-react/server';
 *
 * declare function answer(request: Request): Promise<Response>; // a kit app's fetch: renderPage for its pages
 *
 * createServer(async (incoming, outgoing) => {
 *   const response = await answer(new Request(`http://${incoming.headers.host}${incoming.url}`));
 *   if (sendPageToNode(response, outgoing)) return;
 *   outgoing.writeHead(response.status, Object.fromEntries(response.headers));
 *   outgoing.end(Buffer.from(await response.arrayBuffer()));
 * });
 * ```
 */
export function sendPageToNode(response: Response, outgoing: ServerResponse): boolean {
  const body = (response as WithPageBody)[pageBody];
  if (body === undefined) return false;
  // The record the page was made with, while nothing has read the headers: Node writes it as it is.
  const headers = unreadHeaderRecord(response) ?? nodeHeaders(response.headers);
  if (typeof body !== 'string') return body.sendToNode(outgoing, response.status, headers);
  // A response's body cannot be swapped, only read: the text is what its body gives, read or not.
  headers['content-length'] = String(Buffer.byteLength(body));
  outgoing.writeHead(response.status, headers);
  outgoing.end(body);
  return true;
}
