import { connect } from 'node:net';

/** The first response read back from a raw TCP exchange. */
export interface RawExchange {
  /** 0 when no response came back at all. */
  readonly status: number;
  /** Header names in lower case; a repeated header keeps its last value. */
  readonly headers: Record<string, string>;
  /** The body of the first response, as UTF-8 text (by `Content-Length`, else everything after the head). */
  readonly body: string;
  /** Everything the server sent, as latin1 text. */
  readonly raw: string;
  /** Whether the server closed the connection before the wait ran out. */
  readonly closed: boolean;
  /** Milliseconds from the first byte sent to the end of the exchange. */
  readonly elapsedMs: number;
  /** The body parsed as JSON. */
  json(): any;
}

/** Options of `exchange`. */
export interface ExchangeOptions {
  /** Longest wait for the server, in ms; the socket is closed by the client then. Default 3000. */
  readonly waitMs?: number;
  /** Stop as soon as one whole response has arrived, without waiting for the server to close. Default true. */
  readonly stopAfterResponse?: boolean;
  /** More bytes sent on the same connection once the first response has begun to arrive. */
  readonly thenSend?: string | Buffer;
}

/**
 * Sends bytes exactly as given over a fresh TCP connection and reads what comes back: for requests
 * that an HTTP client library refuses to send (raw non-ASCII in the target, unknown methods, two
 * Host headers, a body shorter than its Content-Length).
 */
export function exchange(port: number, request: string | Buffer, options: ExchangeOptions = {}): Promise<RawExchange> {
  const waitMs = options.waitMs ?? 3_000;
  const stopAfterResponse = options.stopAfterResponse ?? true;
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const started = Date.now();
    let closed = false;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(parse(Buffer.concat(chunks), closed, Date.now() - started, isHead));
    };
    const timer = setTimeout(finish, waitMs);
    // The answer to HEAD announces the length of a body it does not send.
    const isHead = (typeof request === 'string' ? request : request.toString('latin1')).startsWith('HEAD ');
    let followed = options.thenSend === undefined;
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (!followed) {
        followed = true;
        socket.write(toBytes(options.thenSend!));
      }
      if (stopAfterResponse && isComplete(Buffer.concat(chunks), isHead)) finish();
    });
    socket.on('end', () => {
      closed = true;
      finish();
    });
    socket.on('close', () => {
      closed = true;
      finish();
    });
    socket.on('error', () => undefined);
    socket.write(toBytes(request));
  });
}

function toBytes(data: string | Buffer): Buffer {
  return typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
}

/** A request head in latin1 text, CRLF line ends, with an optional body. */
export function rawRequest(requestLine: string, headers: readonly string[], body = ''): string {
  return `${requestLine}\r\n${headers.map((line) => `${line}\r\n`).join('')}\r\n${body}`;
}

function headEnd(bytes: Buffer): number {
  return bytes.indexOf('\r\n\r\n');
}

function isComplete(bytes: Buffer, isHead: boolean): boolean {
  const end = headEnd(bytes);
  if (end === -1) return false;
  if (isHead) return true;
  const head = bytes.subarray(0, end).toString('latin1');
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (length) return bytes.length - (end + 4) >= Number(length[1]);
  // 204, 304 and HEAD answers have no body; anything else without a length ends with the connection.
  return /^HTTP\/1\.[01] (?:1\d\d|204|304) /.test(head);
}

function parse(bytes: Buffer, closed: boolean, elapsedMs: number, isHead: boolean): RawExchange {
  const raw = bytes.toString('latin1');
  const end = headEnd(bytes);
  if (end === -1) return { status: 0, headers: {}, body: '', raw, closed, elapsedMs, json: () => undefined };
  const [statusLine = '', ...lines] = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = isHead ? 0 : headers['content-length'] === undefined ? undefined : Number(headers['content-length']);
  const bodyBytes = bytes.subarray(end + 4, length === undefined ? undefined : end + 4 + length);
  const body = bodyBytes.toString('utf8');
  return { status: Number(statusLine.split(' ')[1] ?? 0), headers, body, raw, closed, elapsedMs, json: () => JSON.parse(body) };
}
