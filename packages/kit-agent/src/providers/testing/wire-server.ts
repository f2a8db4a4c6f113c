/**
 * A real HTTP server on 127.0.0.1 for provider tests: it records each request (headers and exact
 * body) and answers with whatever the test scripts, byte for byte, so the providers are tested
 * against the wire protocols rather than against a stubbed `fetch`. Not part of the package build.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/** A request the server received. */
export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** The body parsed as JSON (`undefined` when it is not JSON). */
  readonly json: unknown;
  /** Resolves when the client closes the connection or the answer ends. */
  readonly closed: Promise<void>;
}

/** How the server answers one request. */
export type WireReply = (request: RecordedRequest, response: ServerResponse, raw: IncomingMessage) => unknown;

export interface WireServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** Sets the answer of the next requests. */
  reply(handler: WireReply): void;
  /** The request received last; throws when none has arrived. */
  lastRequest(): RecordedRequest;
  close(): Promise<void>;
}

export async function startWireServer(): Promise<WireServer> {
  let handler: WireReply = (_request, response) => {
    response.writeHead(500, { 'content-type': 'text/plain' }).end('no reply scripted');
  };
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((raw, response) => {
    const chunks: Buffer[] = [];
    raw.on('data', (chunk: Buffer) => chunks.push(chunk));
    raw.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
      const closed = new Promise<void>((resolve) => response.on('close', () => resolve()));
      const request: RecordedRequest = { method: raw.method ?? '', path: raw.url ?? '', headers: raw.headers, body, json, closed };
      requests.push(request);
      void Promise.resolve(handler(request, response, raw)).catch(() => {
        if (!response.headersSent) response.writeHead(500).end();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    reply(next) {
      handler = next;
    },
    lastRequest() {
      const request = requests[requests.length - 1];
      if (!request) throw new Error('no request reached the server');
      return request;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * One server for all the tests of a file: started before the first test, closed after the last. The
 * object it returns stands for that server and may only be used inside tests and hooks.
 */
export function useWireServer(): WireServer {
  let started: WireServer | undefined;
  const current = (): WireServer => {
    if (!started) throw new Error('the wire server starts in beforeAll; use it inside tests');
    return started;
  };
  beforeAll(async () => {
    started = await startWireServer();
  });
  afterAll(async () => {
    await started?.close();
  });
  return {
    get url() {
      return current().url;
    },
    get requests() {
      return current().requests;
    },
    reply: (handler) => current().reply(handler),
    lastRequest: () => current().lastRequest(),
    close: () => current().close(),
  };
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Answers with a JSON text exactly as given. */
export function sendJson(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(text);
}

/**
 * Streams an event-stream body piece by piece with a short pause between pieces, so each piece
 * reaches the client as a separate read. Stops early when the client goes away.
 */
export async function sendEventStream(response: ServerResponse, pieces: readonly (string | Uint8Array)[], pauseMs = 2): Promise<void> {
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  response.flushHeaders();
  for (const piece of pieces) {
    if (response.destroyed) return;
    response.write(piece);
    await pause(pauseMs);
  }
  response.end();
}

/**
 * Writes the head and the given events at once, then waits a moment so they reach the client before
 * whatever the test does next (hold the rest back, go silent, or cut the connection).
 */
export async function sendEventStreamPart(response: ServerResponse, events: readonly string[]): Promise<void> {
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const event of events) response.write(event);
  await pause(5);
}

/**
 * Answers the next requests with `events` in two parts: those before `split` at once, the rest once the
 * returned `release` is called. For tests that a chunk is handed on while the server still streams.
 */
export function replyInTwoParts(server: WireServer, events: readonly string[], split: number): () => void {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  server.reply(async (_request, response) => {
    await sendEventStreamPart(response, events.slice(0, split));
    await gate;
    for (const event of events.slice(split)) response.write(event);
    response.end();
  });
  return () => release();
}

/** The next result of `iterator`, or `'late'` when it takes longer than `ms`. */
export function nextWithin<T>(iterator: AsyncIterator<T>, ms = 2000): Promise<IteratorResult<T> | 'late'> {
  return Promise.race([iterator.next(), new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), ms))]);
}

/** What `iterator` yields until it ends. */
export async function restOf<T>(iterator: AsyncIterator<T>): Promise<T[]> {
  const rest: T[] = [];
  for (let next = await iterator.next(); !next.done; next = await iterator.next()) rest.push(next.value);
  return rest;
}

/** The events of an event-stream text, each with its blank line, so a test can send some and hold the rest. */
export function splitEvents(text: string): string[] {
  return text
    .split('\n\n')
    .filter((event) => event !== '')
    .map((event) => `${event}\n\n`);
}

/** Cuts the UTF-8 bytes of a text into pieces of `size` bytes, so lines and characters are split. */
export function bytePieces(text: string, size: number): Uint8Array[] {
  const bytes = Buffer.from(text, 'utf8');
  const pieces: Uint8Array[] = [];
  for (let start = 0; start < bytes.length; start += size) pieces.push(bytes.subarray(start, start + size));
  return pieces;
}
