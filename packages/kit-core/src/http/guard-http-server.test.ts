import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchange, rawRequest, type RawExchange } from '../../../../test-support/raw-socket.js';
import { guardHttpServer, type HttpRefusal } from './guard-http-server.js';

let server: Server;
let port: number;
const refusals: HttpRefusal[] = [];
/** What the app behind the guard saw, by request id. */
const seen = new Map<string, { url: string | undefined; host: string | undefined; rawHost?: string | undefined }>();

beforeAll(async () => {
  server = createServer(
    { requireHostHeader: false, maxHeaderSize: 2048, headersTimeout: 300, requestTimeout: 400, connectionsCheckingInterval: 50 },
    (request: IncomingMessage, response) => {
      const id = String(request.headers['x-id'] ?? '');
      const rawHost = request.rawHeaders.find((_, index, raw) => index % 2 === 1 && raw[index - 1]!.toLowerCase() === 'host');
      seen.set(id, { url: request.url, host: request.headers.host, rawHost });
      if (request.url === '/slow-stream') {
        // Headers go out at once, the rest of the answer later: a parser error meanwhile must not be answered into it.
        response.writeHead(200, { 'Content-Type': 'text/plain' });
        response.write('partial');
        setTimeout(() => response.end(' end'), 300);
        return;
      }
      request.resume();
      request.on('end', () => response.end(`app saw ${request.method} ${request.url}`));
    },
  );
  guardHttpServer(server, { methods: ['DELETE', 'GET', 'HEAD', 'POST'], onRefusal: (refusal) => refusals.push(refusal) });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const send = (text: string | Buffer, waitMs?: number) => exchange(port, text, waitMs === undefined ? {} : { waitMs });

/** A problem document answer: status, media type, shape, and the connection closed when asked. */
function expectProblem(answer: RawExchange, status: number, type: string, detail: RegExp): void {
  expect(answer.status, answer.raw.slice(0, 300)).toBe(status);
  expect(answer.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  expect(answer.headers['cache-control']).toBe('no-store');
  const problem = answer.json();
  expect(problem).toEqual({ type, title: expect.any(String), status, detail: expect.stringMatching(detail) });
}

describe('guardHttpServer: what Node answers before the app', () => {
  it('answers an unknown method (BREW) with a 501 problem naming the methods, and closes', async () => {
    const answer = await send(rawRequest('BREW /pot HTTP/1.1', ['Host: a']));
    expectProblem(
      answer,
      501,
      '/problems/not-implemented',
      /^The method "BREW" is not implemented by this server; use DELETE, GET, HEAD, POST\.$/,
    );
    expect(answer.headers.connection).toBe('close');
    expectProblem(await send(rawRequest('get / HTTP/1.1', ['Host: a'])), 501, '/problems/not-implemented', /"get"/);
  });

  it('answers bytes that are no HTTP request with a 400 problem', async () => {
    const tls = Buffer.from([0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xfc, 0x03, 0x03]);
    expectProblem(await send(tls), 400, '/problems/bad-request', /does not start with an HTTP method/);
  });

  it('answers raw non-ASCII and control bytes in the target with a 400 problem that says to percent-encode', async () => {
    const nonAscii = Buffer.concat([Buffer.from('GET /caf'), Buffer.from([0xc3, 0xa9]), Buffer.from(' HTTP/1.1\r\nHost: a\r\n\r\n')]);
    expectProblem(await send(nonAscii), 400, '/problems/bad-request', /percent-encode every other byte \(é as %C3%A9/);
    expectProblem(await send(rawRequest('GET /a\x01b HTTP/1.1', ['Host: a'])), 400, '/problems/bad-request', /printable ASCII/);
  });

  it('answers a head over maxHeaderSize with a 431 problem naming the limit', async () => {
    const answer = await send(rawRequest('GET / HTTP/1.1', ['Host: a', `X-Padding: ${'x'.repeat(4000)}`]));
    expectProblem(answer, 431, '/problems/headers-too-large', /larger than 2 KiB; send fewer or shorter headers/);
  });

  it('answers a malformed request line, header or framing with a 400 problem', async () => {
    expectProblem(await send(rawRequest('GET / HTTP/1.7', ['Host: a'])), 400, '/problems/bad-request', /request line is malformed/);
    expectProblem(
      await send(rawRequest('GET / HTTP/1.1', ['Host: a', 'Bad Header: x'])),
      400,
      '/problems/bad-request',
      /header line is malformed/,
    );
    expectProblem(
      await send(rawRequest('GET / HTTP/1.1', ['Host: a', 'Content-Length: abc'])),
      400,
      '/problems/bad-request',
      /Content-Length must be given once/,
    );
    expectProblem(
      await send(rawRequest('GET / HTTP/1.1', ['Host: a', 'Content-Length: 1', 'Content-Length: 2'], 'ab')),
      400,
      '/problems/bad-request',
      /Content-Length/,
    );
    expectProblem(
      await send(rawRequest('POST / HTTP/1.1', ['Host: a', 'Content-Length: 1', 'Transfer-Encoding: chunked'], '0\r\n\r\n')),
      400,
      '/problems/bad-request',
      /Transfer-Encoding must end with chunked/,
    );
  });

  it('answers a request whose head does not arrive in time with a 408 problem', async () => {
    const answer = await send('GET / HTTP/1.1\r\nHost: a\r\n', 3_000);
    expectProblem(answer, 408, '/problems/request-timeout', /headers must arrive within 300 ms and the whole request within 400 ms/);
  });

  it('never writes an answer into a response already under way', async () => {
    const head = rawRequest('POST /slow-stream HTTP/1.1', ['Host: a', 'Transfer-Encoding: chunked']);
    // The malformed chunk follows once the answer's head is out: the guard must cut the connection, not answer it.
    const answer = await exchange(port, head, { waitMs: 1_500, stopAfterResponse: false, thenSend: 'zz\r\n' });
    expect(answer.status).toBe(200);
    expect(answer.raw).toContain('partial');
    expect(answer.raw).not.toContain('problem+json');
    expect(answer.closed).toBe(true);
  });
});

describe('guardHttpServer: request targets and Host', () => {
  it('answers OPTIONS * with 204 and the server-wide Allow, and * with any other method with a 400 problem', async () => {
    const options = await send(rawRequest('OPTIONS * HTTP/1.1', ['Host: a', 'X-Id: star']));
    expect(options.status).toBe(204);
    expect(options.headers.allow).toBe('DELETE, GET, HEAD, POST');
    expect(options.elapsedMs).toBeLessThan(1_000);
    expectProblem(
      await send(rawRequest('GET * HTTP/1.1', ['Host: a', 'X-Id: star'])),
      400,
      '/problems/bad-request',
      /^The request target \* only goes with OPTIONS; GET needs a path such as \/\.$/,
    );
    expect(seen.has('star')).toBe(false);
  });

  it('refuses two Host headers, a missing Host on HTTP/1.1 and a malformed Host (RFC 9112 §3.2)', async () => {
    expectProblem(
      await send(rawRequest('GET / HTTP/1.1', ['Host: a', 'Host: b', 'X-Id: two'])),
      400,
      '/problems/bad-request',
      /^The request has 2 Host headers; send exactly one\.$/,
    );
    expectProblem(
      await send(rawRequest('GET / HTTP/1.1', ['X-Id: none'])),
      400,
      '/problems/bad-request',
      /no Host header; HTTP\/1\.1 requires one/,
    );
    expectProblem(
      await send(rawRequest('GET / HTTP/1.1', ['Host: a b@c', 'X-Id: bad'])),
      400,
      '/problems/bad-request',
      /^The Host header "a b@c" is not a host name/,
    );
    for (const id of ['two', 'none', 'bad']) expect(seen.has(id), id).toBe(false);
    const http10 = await send(rawRequest('GET /old HTTP/1.0', ['X-Id: http10']));
    expect(http10.status).toBe(200);
    for (const host of ['localhost:3000', '127.0.0.1', '[::1]:8080', 'docs.example.com']) {
      expect((await send(rawRequest('GET / HTTP/1.1', [`Host: ${host}`]))).status, host).toBe(200);
    }
  });

  it('turns an absolute-form target into a path, with Host taken from it (RFC 9112 §3.2.2)', async () => {
    const answer = await send(rawRequest('GET http://docs.example:8080/api/x?q=1 HTTP/1.1', ['Host: elsewhere', 'X-Id: absolute']));
    expect(answer.body).toBe('app saw GET /api/x?q=1');
    expect(seen.get('absolute')).toEqual({ url: '/api/x?q=1', host: 'docs.example:8080', rawHost: 'docs.example:8080' });
    expect((await send(rawRequest('GET http://docs.example HTTP/1.1', ['Host: a']))).body).toBe('app saw GET /');
    expectProblem(
      await send(rawRequest('GET http://user@evil/ HTTP/1.1', ['Host: a'])),
      400,
      '/problems/bad-request',
      /does not name a valid host/,
    );
  });

  it('answers CONNECT with a 501 problem and an unmeetable Expect with a 417 problem', async () => {
    expectProblem(
      await send(rawRequest('CONNECT example.com:443 HTTP/1.1', ['Host: example.com:443'])),
      501,
      '/problems/not-implemented',
      /not a proxy/,
    );
    expectProblem(
      await send(rawRequest('GET / HTTP/1.1', ['Host: a', 'Expect: tea'])),
      417,
      '/problems/expectation-failed',
      /^Expect: "tea" cannot be met/,
    );
    const continued = await send(rawRequest('POST / HTTP/1.1', ['Host: a', 'Expect: 100-continue', 'Content-Length: 2'], 'ok'), 1_000);
    expect(continued.raw).toContain('app saw POST /');
  });

  it('tells onRefusal of every request it answers itself, but not of OPTIONS *', async () => {
    refusals.length = 0;
    await send(rawRequest('GET * HTTP/1.1', ['Host: a']));
    await send(rawRequest('BREW / HTTP/1.1', ['Host: a']));
    await send(rawRequest('OPTIONS * HTTP/1.1', ['Host: a']));
    expect(refusals).toEqual([
      { status: 400, code: 'bad_request', detail: expect.stringContaining('only goes with OPTIONS'), method: 'GET' },
      { status: 501, code: 'not_implemented', detail: expect.stringContaining('"BREW"') },
    ]);
  });

  it('is applied once, after the request listener', () => {
    expect(() => guardHttpServer(server)).toThrow(/guarded already/);
    expect(() => guardHttpServer(createServer())).toThrow(/attach the request listener first/);
  });
});
