/**
 * Issue 17 against `kit-docs serve` as it runs (startDocsServer: the request listener, the fast path,
 * the response cache, the guarded node:http server), over raw sockets where a client library would
 * refuse or repair the request.
 */
import { describe, expect, it } from 'vitest';
import { sendRaw } from '../../../../test-support/http.js';
import { exchange, rawRequest, type RawExchange } from '../../../../test-support/raw-socket.js';
import { serverForSuite } from './support.js';

function expectProblem(answer: RawExchange, status: number, type: string): { detail: string } {
  expect(answer.status, answer.raw.slice(0, 300)).toBe(status);
  expect(answer.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  const problem = answer.json();
  expect(problem).toMatchObject({ type, status, title: expect.any(String), detail: expect.any(String) });
  return problem;
}

describe('the edge of kit-docs serve', () => {
  const server = serverForSuite({ limits: { bodyTimeoutMs: 300, handlerTimeoutMs: 900 } });

  it('answers OPTIONS * with the methods it serves, and GET * with a 400 at once, not a 503', async () => {
    const options = await exchange(server.port, rawRequest('OPTIONS * HTTP/1.1', ['Host: 127.0.0.1']));
    expect(options.status).toBe(204);
    expect(options.headers.allow).toBe('DELETE, GET, HEAD, POST');
    const get = await exchange(server.port, rawRequest('GET * HTTP/1.1', ['Host: 127.0.0.1']));
    expect(expectProblem(get, 400, '/problems/bad-request').detail).toBe(
      'The request target * only goes with OPTIONS; GET needs a path such as /.',
    );
    expect(get.elapsedMs).toBeLessThan(1_000);
  });

  it('answers a target the adapter cannot read with a 400, not the timeout problem', async () => {
    const answer = await exchange(server.port, rawRequest('GET /api\\health HTTP/1.1', ['Host: 127.0.0.1']));
    expect(expectProblem(answer, 400, '/problems/bad-request').detail).toContain('backslash');
  });

  it('answers an API body shorter than its Content-Length with a 408 from the app, in bodyTimeoutMs', async () => {
    const answer = await exchange(
      server.port,
      rawRequest('GET /api/search HTTP/1.1', ['Host: 127.0.0.1', 'Content-Type: application/json', 'Content-Length: 100'], '{"q":"a"'),
    );
    expect(expectProblem(answer, 408, '/problems/request-timeout').detail).toBe(
      'The request body did not arrive in full: Content-Length announced 100 bytes and 8 arrived within 300 ms; send the whole body, or a Content-Length that matches it.',
    );
    expect(answer.headers.connection).toBe('close');
    expect(answer.elapsedMs).toBeLessThan(850);
  });

  it('answers an /mcp body still arriving at the body timeout with a 408, not a 503', async () => {
    const answer = await exchange(
      server.port,
      rawRequest(
        'POST /mcp HTTP/1.1',
        ['Host: 127.0.0.1', 'Content-Type: application/json', 'Accept: application/json, text/event-stream', 'Content-Length: 100'],
        '{"jsonrpc":',
      ),
    );
    expect(expectProblem(answer, 408, '/problems/request-timeout').detail).toBe(
      'The request body did not arrive in full: Content-Length announced 100 bytes and 11 arrived within 300 ms; send the whole body, or a Content-Length that matches it.',
    );
    expect(answer.headers.connection).toBe('close');
  });

  it('names the limit that applies when a declared body is too large: 64 KiB on the API, 1024 KiB elsewhere', async () => {
    const api = await exchange(
      server.port,
      rawRequest('GET /api/search HTTP/1.1', ['Host: 127.0.0.1', 'Content-Type: application/json', `Content-Length: ${2 * 1024 * 1024}`]),
    );
    expect(expectProblem(api, 413, '/problems/payload-too-large').detail).toBe(
      'The request body is larger than 64 KiB; send fewer or shorter parameters.',
    );
    expect(api.headers.connection).toBe('close');
    const mcp = await exchange(
      server.port,
      rawRequest('POST /mcp HTTP/1.1', ['Host: 127.0.0.1', 'Content-Type: application/json', `Content-Length: ${2 * 1024 * 1024}`]),
    );
    expect(expectProblem(mcp, 413, '/problems/payload-too-large').detail).toBe('The request body is larger than 1024 KiB.');
  });

  it('answers what Node refuses before the app with problem documents: BREW, raw bytes, big heads, two Hosts, no Host', async () => {
    const brew = await exchange(server.port, rawRequest('BREW /api/health HTTP/1.1', ['Host: 127.0.0.1']));
    expect(expectProblem(brew, 501, '/problems/not-implemented').detail).toBe(
      'The method "BREW" is not implemented by this server; use DELETE, GET, HEAD, POST.',
    );
    const raw = Buffer.concat([
      Buffer.from('GET /api/search?q=caf'),
      Buffer.from([0xc3, 0xa9]),
      Buffer.from(' HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'),
    ]);
    expect(expectProblem(await exchange(server.port, raw), 400, '/problems/bad-request').detail).toContain('percent-encode');
    const big = await exchange(
      server.port,
      rawRequest('GET /api/health HTTP/1.1', ['Host: 127.0.0.1', `X-Padding: ${'x'.repeat(20_000)}`]),
    );
    expect(expectProblem(big, 431, '/problems/headers-too-large').detail).toContain('larger than 16 KiB');
    const twoHosts = await exchange(server.port, rawRequest('GET /api/health HTTP/1.1', ['Host: 127.0.0.1', 'Host: evil.example']));
    expect(expectProblem(twoHosts, 400, '/problems/bad-request').detail).toBe('The request has 2 Host headers; send exactly one.');
    const noHost = await exchange(server.port, rawRequest('GET /api/health HTTP/1.1', []));
    expect(expectProblem(noHost, 400, '/problems/bad-request').detail).toContain('no Host header');
    expect((await sendRaw(`${server.base}/api/health`)).status).toBe(200);
  });

  it('counts requests refused before the app in the metrics', async () => {
    await exchange(server.port, rawRequest('GET * HTTP/1.1', ['Host: 127.0.0.1']));
    const metrics = (await sendRaw(`${server.base}/metrics`)).text;
    expect(metrics).toMatch(/kit_docs_http_requests_total\{route="other",method="GET",status="400"\} [1-9]/);
    expect(metrics).toMatch(/kit_docs_http_requests_total\{route="other",method="OTHER",status="501"\} [1-9]/);
  });

  it('sends health from the fast path with Cache-Control: no-store and no ETag', async () => {
    const health = await sendRaw(`${server.base}/api/health`, { headers: { 'if-none-match': '*' } });
    expect(health.status).toBe(200);
    expect(health.headers['cache-control']).toBe('no-store');
    expect(health.headers.etag).toBeUndefined();
    const head = await sendRaw(`${server.base}/api/health`, { method: 'HEAD' });
    expect([head.status, head.headers['cache-control'], head.headers.etag]).toEqual([200, 'no-store', undefined]);
  });

  it('answers an absolute-form target like its path', async () => {
    const answer = await exchange(
      server.port,
      rawRequest(`GET http://127.0.0.1:${server.port}/api/search?q=agent HTTP/1.1`, ['Host: elsewhere.example']),
    );
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(answer.json().query).toBe('agent');
  });
});
