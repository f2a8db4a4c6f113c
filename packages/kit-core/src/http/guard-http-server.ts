import { maxHeaderSize as defaultMaxHeaderSize, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { quoteInput } from '../errors/problem.js';
import { kitErrorCodes, type KitErrorCode } from '../errors/kit-error.js';
import { rawProblemResponse, writeProblemResponse } from './raw-problem.js';

/** Options of `guardHttpServer`. */
export interface HttpGuardOptions {
  /**
   * Methods the server answers somewhere, sorted as they should be listed: the `Allow` header of
   * `OPTIONS *` and the hint of a 501. A function is read at each use, so routes added later count.
   * Default `GET, HEAD`.
   */
  readonly methods?: readonly string[] | (() => readonly string[]);
  /**
   * Told of every request the guard answers itself, which never reaches the request listeners (and
   * so their logs and metrics): its status, the problem's code and detail, and the method when the
   * parser got that far.
   */
  readonly onRefusal?: (refusal: HttpRefusal) => void;
}

/** A request `guardHttpServer` answered itself. */
export interface HttpRefusal {
  readonly status: number;
  readonly code: KitErrorCode;
  readonly detail: string;
  /** The request's method, when Node's parser read one. */
  readonly method?: string;
}

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

const guarded = new WeakSet<Server>();

/**
 * Puts the HTTP edge of kit in front of a `node:http` server, so that what Node decides before any
 * app runs is answered like the app's own errors, with RFC 9457 problem documents:
 *
 * - `clientError` (Node's parser gave up): an unknown method such as `BREW` is 501; raw non-ASCII or
 *   control bytes in the target, a malformed request line, header or body framing are 400; a head
 *   over the server's `maxHeaderSize` is 431; a request not received within `headersTimeout` or
 *   `requestTimeout` is 408. The connection is closed after each.
 * - Before the request listeners: the `*` target (204 with `Allow` for `OPTIONS *`, 400 otherwise);
 *   a missing (HTTP/1.1), repeated or malformed `Host` is 400 (RFC 9112 §3.2); an absolute-form
 *   target (`GET http://host/path`) is rewritten to its path, with `Host` taken from it (§3.2.2).
 * - `CONNECT` is 501 (the server is not a proxy); an `Expect` other than `100-continue` is 417.
 *
 * Call it once the request listener is attached (`createServer(options, listener)` does that); the
 * listeners present then run after the guard. Create the server with `requireHostHeader: false`,
 * or Node answers a missing `Host` itself, with an empty 400.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { guardHttpServer } from '@kit/kit-core/http';
 *
 * const server = createServer({ requireHostHeader: false }, (request, response) => response.end('hello'));
 * guardHttpServer(server, { methods: ['GET', 'HEAD'] });
 * server.listen(0, '127.0.0.1');
 * ```
 */
export function guardHttpServer(server: Server, options: HttpGuardOptions = {}): void {
  if (guarded.has(server)) throw new TypeError('guardHttpServer: this server is guarded already; call it once per server');
  const listeners = server.listeners('request') as RequestListener[];
  if (listeners.length === 0)
    throw new TypeError('guardHttpServer: attach the request listener first, e.g. createServer(options, listener), then guard the server');
  guarded.add(server);
  const methods = (): readonly string[] => {
    const given = typeof options.methods === 'function' ? options.methods() : options.methods;
    return given && given.length > 0 ? given : ['GET', 'HEAD'];
  };
  // The response in progress on each connection: an answer to a parser error must not be written
  // into the middle of another response.
  const inFlight = new WeakMap<Duplex, ServerResponse>();
  const report = (code: KitErrorCode, detail: string, method?: string) => {
    try {
      options.onRefusal?.({ status: kitErrorCodes[code], code, detail, ...(method === undefined ? {} : { method }) });
    } catch {
      // A failing observer must not take the answer down with it.
    }
  };

  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    inFlight.set(request.socket, response);
    const outcome = screen(request, response, methods);
    if (outcome === 'served') return;
    if (outcome !== 'pass') return report(outcome.code, outcome.detail, request.method);
    for (const listener of listeners) listener.call(server, request, response);
  });

  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) => {
    const current = inFlight.get(socket);
    const answer = describeClientError(error, server, methods);
    if (!answer || !socket.writable || (current !== undefined && current.headersSent && !current.writableFinished)) {
      socket.destroy();
      return;
    }
    endWith(socket, rawProblemResponse(answer.code, answer.detail));
    report(answer.code, answer.detail);
  });

  server.on('connect', (request: IncomingMessage, socket: Duplex) => {
    const detail = `CONNECT is not implemented: this server is not a proxy; use ${methods().join(', ')}.`;
    endWith(socket, rawProblemResponse('not_implemented', detail));
    request.destroy();
    report('not_implemented', detail, 'CONNECT');
  });

  server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) => {
    const expectation = quoteInput(String(request.headers.expect ?? ''));
    const detail = `Expect: ${expectation} cannot be met; this server only understands Expect: 100-continue. Send the request without it.`;
    writeProblemResponse(response, 'expectation_failed', detail, { Connection: 'close' });
    report('expectation_failed', detail, request.method);
  });
}

/** Writes a last answer and closes; a client that never reads it does not hold the socket open. */
function endWith(socket: Duplex, response: string): void {
  socket.end(response);
  setTimeout(() => socket.destroy(), 2_000).unref();
}

const hostPattern = /^(?:\[[0-9A-Fa-f:.]+\]|[\w.~!$&'()*+,;=%-]*)(?::\d{0,5})?$/;
const absoluteTarget = /^https?:\/\/([^/?#]*)(.*)$/i;

/** What the guard did with a request: let it through, answered it (`OPTIONS *`), or refused it. */
type Outcome = 'pass' | 'served' | { readonly code: KitErrorCode; readonly detail: string };

/** Answers a request the app must never see, and says how. */
function screen(request: IncomingMessage, response: ServerResponse, methods: () => readonly string[]): Outcome {
  const hostProblem = checkHost(request);
  if (hostProblem) return answer(response, 'bad_request', hostProblem, { Connection: 'close' });
  const target = request.url ?? '';
  if (target.charCodeAt(0) === 47 /* / */) return 'pass';
  if (target === '*') {
    if (request.method !== 'OPTIONS')
      return answer(
        response,
        'bad_request',
        `The request target * only goes with OPTIONS; ${request.method ?? 'this method'} needs a path such as /.`,
      );
    // The server's own options: an answer, not a refusal, so it is not reported.
    response.writeHead(204, { Allow: methods().join(', '), 'Content-Length': '0' });
    response.end();
    return 'served';
  }
  const absolute = absoluteTarget.exec(target);
  if (absolute) {
    const authority = absolute[1]!;
    if (authority === '' || authority.includes('@') || !hostPattern.test(authority)) {
      return answer(
        response,
        'bad_request',
        `The request target ${quoteInput(target)} does not name a valid host; send a path such as /, with the host in the Host header.`,
        { Connection: 'close' },
      );
    }
    // RFC 9112 §3.2.2: the target's authority replaces Host, and the app sees an ordinary path.
    const rest = absolute[2]!;
    request.url = rest.startsWith('/') ? rest : `/${rest}`;
    request.headers.host = authority;
    // The Node adapter builds the Fetch request's headers from rawHeaders, so they must agree.
    const raw = request.rawHeaders;
    const at = raw.findIndex((name, index) => index % 2 === 0 && name.toLowerCase() === 'host');
    if (at === -1) raw.push('Host', authority);
    else raw[at + 1] = authority;
    return 'pass';
  }
  return answer(
    response,
    'bad_request',
    `The request target ${quoteInput(target)} is not a path; send a path that starts with /, such as /.`,
    { Connection: 'close' },
  );
}

function answer(response: ServerResponse, code: KitErrorCode, detail: string, headers: Readonly<Record<string, string>> = {}): Outcome {
  writeProblemResponse(response, code, detail, headers);
  return { code, detail };
}

/** Why the request's `Host` is unacceptable, or undefined. */
function checkHost(request: IncomingMessage): string | undefined {
  const raw = request.rawHeaders;
  let count = 0;
  for (let index = 0; index < raw.length; index += 2) {
    const name = raw[index]!;
    if (name.length === 4 && name.toLowerCase() === 'host') count++;
  }
  if (count > 1) return `The request has ${count} Host headers; send exactly one.`;
  const host = request.headers.host;
  if (host === undefined) {
    return request.httpVersionMajor === 1 && request.httpVersionMinor >= 1
      ? 'The request has no Host header; HTTP/1.1 requires one, such as Host: localhost.'
      : undefined;
  }
  if (!hostPattern.test(host))
    return `The Host header ${quoteInput(host)} is not a host name with an optional port, such as localhost:3000.`;
  return undefined;
}

const tokenPattern = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** The answer to an error of Node's HTTP parser, or undefined when the socket is beyond answering. */
function describeClientError(
  error: NodeJS.ErrnoException & { rawPacket?: Buffer; reason?: string },
  server: Server,
  methods: () => readonly string[],
): { code: KitErrorCode; detail: string } | undefined {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW': {
      const limit = (server as Server & { maxHeaderSize?: number }).maxHeaderSize ?? defaultMaxHeaderSize;
      return {
        code: 'headers_too_large',
        detail: `The request head (request line and headers) is larger than ${formatBytes(limit)}; send fewer or shorter headers, and long parameters in a JSON body.`,
      };
    }
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return {
        code: 'request_timeout',
        detail: `The request did not arrive in time: its headers must arrive within ${server.headersTimeout} ms and the whole request within ${server.requestTimeout} ms; send it again without pausing.`,
      };
    case 'HPE_INVALID_METHOD': {
      const method = methodOf(error.rawPacket);
      return method
        ? {
            code: 'not_implemented',
            detail: `The method ${quoteInput(method)} is not implemented by this server; use ${methods().join(', ')}.`,
          }
        : {
            code: 'bad_request',
            detail:
              'The request does not start with an HTTP method; send an HTTP/1.1 request such as GET / HTTP/1.1 (not TLS or HTTP/2 on this port).',
          };
    }
    case 'HPE_INVALID_URL':
      return {
        code: 'bad_request',
        detail:
          'The request target may hold only printable ASCII: percent-encode every other byte (é as %C3%A9, a space as %20) and send a path that starts with /.',
      };
    case 'HPE_INVALID_CONSTANT':
    case 'HPE_INVALID_VERSION':
    case 'HPE_STRICT':
    case 'HPE_LF_EXPECTED':
    case 'HPE_CR_EXPECTED':
      return {
        code: 'bad_request',
        detail: 'The request line is malformed; send METHOD /path HTTP/1.1, separated by single spaces and ended by CRLF.',
      };
    case 'HPE_INVALID_HEADER_TOKEN':
      return {
        code: 'bad_request',
        detail:
          'A header line is malformed; send each header as Name: value ended by CRLF, with no space before the colon and no folded lines.',
      };
    case 'HPE_INVALID_CONTENT_LENGTH':
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
      return { code: 'bad_request', detail: 'Content-Length must be given once, as a whole number of bytes.' };
    case 'HPE_INVALID_TRANSFER_ENCODING':
      return {
        code: 'bad_request',
        detail: 'Transfer-Encoding must end with chunked and may not come with Content-Length; send one of the two.',
      };
    case 'HPE_INVALID_CHUNK_SIZE':
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
    case 'HPE_INVALID_EOF_STATE':
      return {
        code: 'bad_request',
        detail:
          'The chunked request body is malformed; send each chunk as its size in hexadecimal, CRLF, the bytes, CRLF, and end with 0 CRLF CRLF.',
      };
    default:
      if (typeof error.code === 'string' && error.code.startsWith('HPE_')) {
        return {
          code: 'bad_request',
          detail: `The request is not valid HTTP/1.1${error.reason ? ` (${error.reason.slice(0, 100)})` : ''}.`,
        };
      }
      // The connection broke (ECONNRESET, EPIPE): nobody is left to answer.
      return undefined;
  }
}

/** The first word of a request line when it is a method token (`BREW`, `get`); undefined for other bytes. */
function methodOf(packet: Buffer | undefined): string | undefined {
  if (!packet) return undefined;
  const end = packet.indexOf(0x20);
  const word = packet.subarray(0, end === -1 ? Math.min(packet.length, 64) : end).toString('latin1');
  return tokenPattern.test(word) ? word : undefined;
}

function formatBytes(bytes: number): string {
  return bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} bytes`;
}
