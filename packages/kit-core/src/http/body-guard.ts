import type { IncomingMessage } from 'node:http';
import { KitError } from '../errors/kit-error.js';
import { incomingHasBody, incomingOf } from './incoming-header.js';

/** How much of a request body an endpoint reads, and how long it waits for it. */
export interface BodyLimits {
  /** Largest body, in bytes; more is answered 413. */
  readonly maxBytes: number;
  /** How long the body may take to arrive once the endpoint starts reading it, in milliseconds; then 408. */
  readonly timeoutMs: number;
}

/** Says whether a guarded body broke its limits, and how; set once, by the first failure. */
export interface BodyGuard {
  failure: KitError | undefined;
}

/** A request whose body reads through a guard, and that guard. */
export interface GuardedRequest {
  readonly request: Request;
  readonly guard: BodyGuard;
}

// Each failure leaves part of the body unread on the connection, so the answer also closes it:
// the unread bytes must never be taken for the start of the next request.
const closeConnection = { Connection: 'close' } as const;

/** A byte count as people read it: `64 KiB` when it is a whole number of KiB, else `1000 bytes`. */
export function describeBytes(bytes: number): string {
  return bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} bytes`;
}

/** The 413 of a body over `maxBytes`; `hint` says what the caller can do about it. */
export function bodyTooLarge(maxBytes: number, hint: string): KitError {
  return new KitError('payload_too_large', `The request body is larger than ${describeBytes(maxBytes)}; ${hint}.`, {
    headers: closeConnection,
  });
}

/** The 408 of a body that had not arrived whole within `timeoutMs`. */
export function bodyIncomplete(received: number, declared: number | undefined, timeoutMs: number): KitError {
  const what =
    declared === undefined
      ? `The request body did not end within ${timeoutMs} ms (${received} bytes arrived); finish a chunked body with its zero-length last chunk.`
      : `The request body did not arrive in full: Content-Length announced ${declared} bytes and ${received} arrived within ${timeoutMs} ms; send the whole body, or a Content-Length that matches it.`;
  return new KitError('request_timeout', what, { headers: closeConnection });
}

/** The 400 of a body whose connection failed part way. */
export function bodyCutOff(received: number): KitError {
  return new KitError('bad_request', `The request body was cut off after ${received} bytes; send it whole.`, { headers: closeConnection });
}

/** What a mounted handler or a page may be told when its body is too large. */
const rawBodyHint =
  'send a smaller body, or, if this endpoint takes larger ones, raise maxBodyBytes for it (app.mount options, or createKitApp)';

/**
 * The request as an endpoint that is not a `defineAPI` route gets it (a mounted handler, the not-found
 * handler, and the authentication and middleware before them), with its body behind a guard: reading
 * it (`text()`, `formData()`, `json()`, `arrayBuffer()`, the stream) fails with a 413 as soon as more
 * than `maxBytes` arrive, or at once when `Content-Length` announces more, and with a 408 when it has
 * not ended within `timeoutMs` of the first read. The guard remembers the failure, so the app answers
 * with it even when the handler swallowed the read error. Undefined for a request without a body
 * (GET, HEAD, or neither `Content-Length` nor `Transfer-Encoding`): such a request costs nothing here.
 */
export function guardRequestBody(request: Request, env: unknown, limits: BodyLimits): GuardedRequest | undefined {
  const method = request.method;
  if (method === 'GET' || method === 'HEAD') return undefined;
  const incoming = incomingOf(env);
  let open: () => BodySource;
  let length: string | null | undefined;
  if (incoming) {
    length = incoming.headers['content-length'];
    if (length === '0' || (length === undefined && incoming.headers['transfer-encoding'] === undefined)) return undefined;
    open = () => nodeSource(incoming);
  } else {
    const stream = request.body;
    if (stream === null) return undefined;
    length = request.headers.get('content-length');
    open = () => webSource(stream);
  }
  const declared = length === null || length === undefined ? undefined : Number(length);
  const guard: BodyGuard = { failure: undefined };
  const body = guardedStream(open, Number.isNaN(declared) ? undefined : declared, limits, guard);
  const init: RequestInit & { duplex: 'half' } = { method, headers: request.headers, body, duplex: 'half', signal: request.signal };
  return { request: new Request(request.url, init), guard };
}

/** Whether nothing has read from a Node request's body yet, so it can be read from there directly. */
function untouched(incoming: IncomingMessage): boolean {
  return incoming.readableFlowing === null && !incoming.readableDidRead;
}

/**
 * The body of a request a `defineAPI` route reads itself, or null when it has none. Read from the Node
 * request when the request came through a Node server and nothing has read from it yet: building the fetch
 * `Request`'s body stream over it (what `request.body` does through the Node adapter) costs more than
 * parsing a small JSON body. GET and HEAD bodies are only ever there, since the Fetch API gives them none.
 */
export function openRequestBody(request: Request, env: unknown): BodySource | null {
  const incoming = incomingOf(env);
  if (incoming && untouched(incoming)) return incomingHasBody(incoming) ? nodeSource(incoming) : null;
  if (request.method === 'GET' || request.method === 'HEAD') return null;
  const stream = request.body;
  return stream === null ? null : webSource(stream);
}

/** Whether a content type (the header's value) is JSON: `application/json` or a `+json` type. */
export function isJsonType(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || /^application\/[\w.+-]+\+json$/.test(type);
}

/**
 * For a JSON body sent through a Node server to an endpoint that reads its body itself (a mounted
 * handler: MCP, A2A): a step that reads the whole body under the limits before anything else sees it,
 * and leaves it with the Node adapter, whose `request.json()`, `text()`, `arrayBuffer()` and `body`
 * then serve it from memory. Such a body is always read whole, and wrapping the request in a guarded
 * copy, as other bodies are, costs more than reading it. A body that breaks the limits while it is read
 * is answered 413 or 408 before the handler runs. Undefined for anything else, which keeps the guard
 * (`guardRequestBody`): a body of another type may be streamed, and is read only if asked for; one that
 * announces more than the limit fails the handler's read at once.
 */
export function prereadJsonBody(request: Request, env: unknown, limits: BodyLimits): (() => Promise<void>) | undefined {
  const method = request.method;
  if (method === 'GET' || method === 'HEAD') return undefined;
  const incoming: (IncomingMessage & { rawBody?: Buffer }) | undefined = incomingOf(env);
  if (!incoming || !untouched(incoming) || !incomingHasBody(incoming)) return undefined;
  if (!isJsonType(incoming.headers['content-type'])) return undefined;
  const length = incoming.headers['content-length'];
  const declared = length === undefined ? undefined : Number(length);
  // Announced too large: the guard fails the handler's read at once, and a handler with an error format of
  // its own (JSON-RPC) answers it in that format.
  if (declared !== undefined && declared > limits.maxBytes) return undefined;
  return async () => {
    const bytes = await readLimited(nodeSource(incoming), limits, Number.isNaN(declared) ? undefined : declared, rawBodyHint);
    incoming.rawBody = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  };
}

const timedOut = Symbol('timed out');

/**
 * Reads a body, failing as soon as it passes the limit so a huge body is never buffered, and giving up
 * when it has not ended within `timeoutMs`: a client that announces more bytes than it sends would
 * otherwise hold the request open until some outer timeout blames the server. The source is stopped, not
 * destroyed, on failure: destroying it would destroy the socket before the answer is written, and the
 * answer closes the connection anyway. `hint` says what a caller sending too much can do about it.
 */
export async function readLimited(source: BodySource, limits: BodyLimits, declared: number | undefined, hint: string): Promise<Uint8Array> {
  const { maxBytes, timeoutMs } = limits;
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<typeof timedOut>((resolve) => {
    timer = setTimeout(() => resolve(timedOut), timeoutMs);
  });
  try {
    for (;;) {
      let next: Uint8Array | null | typeof timedOut;
      try {
        next = await Promise.race([source.read(), deadline]);
      } catch {
        throw bodyCutOff(size);
      }
      if (next === timedOut) throw bodyIncomplete(size, declared, timeoutMs);
      if (next === null) break;
      size += next.byteLength;
      if (size > maxBytes) throw bodyTooLarge(maxBytes, hint);
      chunks.push(next);
    }
  } catch (error) {
    source.stop();
    throw error;
  } finally {
    clearTimeout(timer);
  }
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** Where a body is read from: `read` gives the next chunk, or null at the end. */
export interface BodySource {
  read(): Promise<Uint8Array | null>;
  /** Stops reading and lets go of the source, without destroying it. */
  stop(): void;
}

/**
 * The Node request's body, read chunk by chunk only when asked (no copies, no queue of its own). It is
 * never destroyed: that would destroy the socket before the answer could be written. Once stopped, the
 * server discards what is left of the body (@hono/node-server drains it after the answer).
 */
function nodeSource(incoming: IncomingMessage): BodySource {
  const chunks = incoming.iterator({ destroyOnReturn: false }) as AsyncIterator<Uint8Array>;
  return {
    read: async () => {
      const next = await chunks.next();
      return next.done ? null : next.value;
    },
    stop: () => {
      void chunks.return?.().catch(() => undefined);
    },
  };
}

/** The body stream of a `Request` (an app answering `fetch` calls), released rather than cancelled when stopped. */
function webSource(stream: ReadableStream<Uint8Array>): BodySource {
  const reader = stream.getReader();
  return {
    read: async () => {
      const next = await reader.read();
      return next.done ? null : next.value;
    },
    stop: () => {
      try {
        // A read still pending is rejected by the release.
        reader.releaseLock();
      } catch {
        // Already released.
      }
    },
  };
}

/**
 * The body as a stream that counts what passes and watches the clock. It pulls only when its reader
 * asks (high-water mark 0), so nothing is read, and no timer runs, until the endpoint reads the body.
 */
function guardedStream(
  open: () => BodySource,
  declared: number | undefined,
  limits: BodyLimits,
  guard: BodyGuard,
): ReadableStream<Uint8Array> {
  let source: BodySource | undefined;
  let timer: NodeJS.Timeout | undefined;
  let size = 0;
  const stop = () => {
    clearTimeout(timer);
    source?.stop();
  };
  const fail = (controller: ReadableStreamDefaultController<Uint8Array>, error: KitError) => {
    if (guard.failure !== undefined) return;
    guard.failure = error;
    controller.error(error);
    stop();
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (guard.failure !== undefined) return;
        if (source === undefined) {
          if (declared !== undefined && declared > limits.maxBytes) return fail(controller, bodyTooLarge(limits.maxBytes, rawBodyHint));
          source = open();
          timer = setTimeout(() => fail(controller, bodyIncomplete(size, declared, limits.timeoutMs)), limits.timeoutMs);
        }
        let chunk: Uint8Array | null;
        try {
          chunk = await source.read();
        } catch {
          return fail(controller, bodyCutOff(size));
        }
        if (guard.failure !== undefined) return;
        if (chunk === null) {
          clearTimeout(timer);
          controller.close();
          return;
        }
        size += chunk.byteLength;
        if (size > limits.maxBytes) return fail(controller, bodyTooLarge(limits.maxBytes, rawBodyHint));
        controller.enqueue(chunk);
      },
      cancel() {
        // The endpoint stopped reading: the rest of the body is left to the server, which discards it.
        stop();
      },
    },
    { highWaterMark: 0 },
  );
}
