/**
 * Regression tests: every body a kit app reads has a size limit (413) and a time
 * limit (408), the bodies of handlers added with `app.mount` (forms, text, anything) as much as the
 * JSON of `defineAPI` routes, with a per-mount override. Over real HTTP on loopback.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sendRaw } from '../../../../test-support/http.js';
import { exchange, rawRequest } from '../../../../test-support/raw-socket.js';
import { defineAPI } from '../definitions/define-api.js';
import { defineMiddleware } from '../definitions/define-middleware.js';
import { createKitApp } from './create-kit-app.js';
import type { KitServer } from './kit-app.js';

/** What the handlers managed to read, by path. */
const seen = new Map<string, number>();

const app = createKitApp({
  routes: {
    'POST /api/echo': defineAPI({
      input: z.strictObject({ text: z.string() }),
      handler: async ({ input }) => ({ length: input.text.length }),
    }),
  },
  bodyTimeoutMs: 400,
  middleware: [
    // A middleware that reads the body reads it through the same guard.
    defineMiddleware({
      name: 'peek',
      handler: async ({ request, next }) => {
        if (new URL(request.url).pathname === '/peek') seen.set('/peek', (await request.text()).length);
        return next();
      },
    }),
  ],
});
// As the tickets template's sign-in does: a form read whose failure is swallowed into a redirect.
app.mount('/auth/login', ['POST'], async (request) => {
  let form: FormData | null = null;
  try {
    form = await request.formData();
  } catch {
    form = null;
  }
  seen.set('/auth/login', String(form?.get('email') ?? '').length);
  return new Response(null, { status: 303, headers: { Location: form ? '/tickets' : '/login?error=form' } });
});
app.mount('/text', ['POST', 'PUT'], async (request) => new Response(`read ${(await request.text()).length}`));
app.mount('/upload', ['POST'], async (request) => new Response(`stored ${(await request.arrayBuffer()).byteLength}`), {
  maxBodyBytes: 1024 * 1024,
});
app.mount('/peek', ['POST'], async () => new Response('peeked'));
app.mount('/ignore', ['POST'], async () => new Response('ignored'));
// As an endpoint with an error format of its own does (A2A's JSON-RPC): it answers the failed read itself.
app.mount('/rpc', ['POST'], async (request) => {
  try {
    return new Response(`read ${(await request.text()).length}`);
  } catch {
    return Response.json({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'too large' } }, { status: 413 });
  }
});

let server: KitServer;
let base: string;
beforeAll(async () => {
  server = await app.listen({ port: 0 });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(() => server.close());

/** Sends `total` bytes in chunks of 16 KiB with chunked encoding (no Content-Length), as a client streaming a body would. */
function postChunked(
  path: string,
  total: number,
  contentType = 'application/x-www-form-urlencoded',
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${base}${path}`,
      { method: 'POST', headers: { 'content-type': contentType, 'transfer-encoding': 'chunked' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    // The server may answer and close before the client has sent everything.
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
    let sent = 0;
    const piece = Buffer.alloc(16 * 1024, 'a');
    const pump = () => {
      while (sent < total) {
        sent += piece.length;
        if (!req.write(piece)) return void req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

describe('bodies of mounted handlers', () => {
  it('refuses a form announced larger than 64 KiB with 413 at once, though the handler swallows the read error', async () => {
    // The incident: 300 MB announced. The head alone is sent; the answer must not wait for the body.
    const answer = await exchange(
      server.port,
      rawRequest('POST /auth/login HTTP/1.1', [
        'Host: 127.0.0.1',
        'Content-Type: application/x-www-form-urlencoded',
        `Content-Length: ${300 * 1024 * 1024}`,
      ]),
    );
    expect(answer.status).toBe(413);
    expect(answer.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(answer.headers.connection).toBe('close');
    expect(answer.json()).toMatchObject({ type: '/problems/payload-too-large', status: 413 });
    expect(answer.json().detail).toBe(
      'The request body is larger than 64 KiB; send a smaller body, or, if this endpoint takes larger ones, raise maxBodyBytes for it (app.mount options, or createKitApp).',
    );
    expect(answer.elapsedMs).toBeLessThan(1_000);
  });

  it('stops reading a streamed form at the limit: 413, and the handler never had more than 64 KiB', async () => {
    seen.delete('/auth/login');
    const answer = await postChunked('/auth/login', 4 * 1024 * 1024);
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe('close');
    // The handler's formData() failed, so it never saw a field.
    expect(seen.get('/auth/login')).toBe(0);
  });

  it('answers a body announcing 100 bytes that sends 7 with 408 after bodyTimeoutMs, and closes the connection', async () => {
    const answer = await exchange(
      server.port,
      rawRequest(
        'POST /auth/login HTTP/1.1',
        ['Host: 127.0.0.1', 'Content-Type: application/x-www-form-urlencoded', 'Content-Length: 100'],
        'email=a',
      ),
    );
    expect(answer.status).toBe(408);
    expect(answer.headers.connection).toBe('close');
    expect(answer.json().detail).toBe(
      'The request body did not arrive in full: Content-Length announced 100 bytes and 7 arrived within 400 ms; send the whole body, or a Content-Length that matches it.',
    );
    expect(answer.elapsedMs).toBeGreaterThanOrEqual(380);
    expect(answer.elapsedMs).toBeLessThan(2_000);
  });

  it('answers a chunked body that never ends with 408 too', async () => {
    const answer = await exchange(
      server.port,
      rawRequest('PUT /text HTTP/1.1', ['Host: 127.0.0.1', 'Transfer-Encoding: chunked'], '5\r\nhello\r\n'),
    );
    expect(answer.status).toBe(408);
    expect(answer.json().detail).toBe(
      'The request body did not end within 400 ms (5 bytes arrived); finish a chunked body with its zero-length last chunk.',
    );
  });

  it('applies the same limit to text(), whatever the content type, and to a middleware that reads the body', async () => {
    expect((await postChunked('/text', 200 * 1024, 'text/plain')).status).toBe(413);
    expect((await postChunked('/peek', 200 * 1024, 'application/octet-stream')).status).toBe(413);
  });

  it('serves bodies within the limit as before, on a connection that stays open', async () => {
    seen.delete('/auth/login');
    const login = await sendRaw(`${base}/auth/login`, {
      method: 'POST',
      body: 'email=ada%40example.com&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(login.status).toBe(303);
    expect(login.headers.location).toBe('/tickets');
    expect(seen.get('/auth/login')).toBe('ada@example.com'.length);
    expect(login.headers['x-content-type-options']).toBe('nosniff');
    const text = await sendRaw(`${base}/text`, { method: 'POST', body: 'x'.repeat(64 * 1024) });
    expect(text.text).toBe(`read ${64 * 1024}`);
    expect(text.headers.connection).not.toBe('close');
    // A handler that never reads the body answers as it likes.
    expect((await sendRaw(`${base}/ignore`, { method: 'POST', body: 'x'.repeat(200 * 1024) })).text).toBe('ignored');
  });

  it('keeps the answer of a handler that answered the failed read with the same status in its own format', async () => {
    const rpc = await app.fetch(new Request('http://localhost/rpc', { method: 'POST', body: 'x'.repeat(70_000) }));
    expect(rpc.status).toBe(413);
    expect(await rpc.json()).toMatchObject({ error: { code: -32600 } });
    expect(rpc.headers.get('connection')).toBe('close');
  });

  it('reads a JSON body of a mounted handler whole before the middleware, under the same limits', async () => {
    const json = { 'content-type': 'application/json' };
    const read = await sendRaw(`${base}/text`, { method: 'POST', body: JSON.stringify({ text: 'x'.repeat(1000) }), headers: json });
    expect(read.text).toBe(`read ${1000 + '{"text":""}'.length}`);
    expect(read.headers.connection).not.toBe('close');
    seen.delete('/peek');
    const peeked = await sendRaw(`${base}/peek`, { method: 'POST', body: '{"a":1}', headers: json });
    expect([peeked.text, seen.get('/peek')]).toEqual(['peeked', 7]);
    // Streamed past the limit: refused before the handler, which would have answered in its own format.
    const streamed = await postChunked('/rpc', 200 * 1024, 'application/json');
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.text)).toMatchObject({ type: '/problems/payload-too-large' });
    expect(streamed.headers.connection).toBe('close');
    const slow = await exchange(
      server.port,
      rawRequest('POST /rpc HTTP/1.1', ['Host: 127.0.0.1', 'Content-Type: application/json', 'Content-Length: 100'], '{"id":'),
    );
    expect(slow.status).toBe(408);
    // Announced past the limit: the handler's read fails at once, and it answers in its own format.
    const announced = await exchange(
      server.port,
      rawRequest('POST /rpc HTTP/1.1', ['Host: 127.0.0.1', 'Content-Type: application/json', `Content-Length: ${1024 * 1024}`]),
    );
    expect(announced.status).toBe(413);
    expect(announced.json()).toMatchObject({ error: { code: -32600 } });
  });

  it('lets one mount take more with its own maxBodyBytes, and only up to it', async () => {
    expect((await postChunked('/upload', 512 * 1024, 'application/octet-stream')).text).toBe(`stored ${512 * 1024}`);
    const over = await postChunked('/upload', 2 * 1024 * 1024, 'application/octet-stream');
    expect(over.status).toBe(413);
    expect(JSON.parse(over.text).detail).toMatch(/^The request body is larger than 1024 KiB;/);
  });
});

describe('the app-wide maxBodyBytes', () => {
  it('applies to the JSON of routes as to mounted handlers, and is checked when the app is made', async () => {
    const small = createKitApp({
      routes: {
        'POST /api/echo': defineAPI({
          input: z.strictObject({ text: z.string() }),
          handler: async ({ input }) => ({ length: input.text.length }),
        }),
      },
      maxBodyBytes: 1024,
    });
    small.mount('/form', ['POST'], async (request) => new Response(await request.text()));
    const running = await small.listen({ port: 0 });
    try {
      const url = `http://127.0.0.1:${running.port}`;
      const json = await sendRaw(`${url}/api/echo`, {
        method: 'POST',
        body: JSON.stringify({ text: 'x'.repeat(2000) }),
        headers: { 'content-type': 'application/json' },
      });
      expect(json.status).toBe(413);
      expect(json.json().detail).toBe('The request body is larger than 1 KiB; send fewer or shorter parameters.');
      expect(
        (
          await sendRaw(`${url}/api/echo`, {
            method: 'POST',
            body: JSON.stringify({ text: 'short' }),
            headers: { 'content-type': 'application/json' },
          })
        ).json(),
      ).toEqual({ length: 5 });
      expect((await sendRaw(`${url}/form`, { method: 'POST', body: 'y'.repeat(2000) })).status).toBe(413);
    } finally {
      await running.close();
    }
    expect(() => createKitApp({ routes: {}, maxBodyBytes: 0 })).toThrow(
      'createKitApp: maxBodyBytes must be a whole number of bytes from 1, got 0; omit it for 65536 (64 KiB)',
    );
    expect(() => createKitApp({ routes: {} }).mount('/x', ['POST'], () => new Response(), { bodyTimeoutMs: -1 })).toThrow(
      "app.mount('/x'): bodyTimeoutMs must be a positive number of milliseconds up to 2147483647, got -1",
    );
  });

  it('guards bodies of requests answered through fetch() too', async () => {
    const direct = createKitApp({ routes: {}, maxBodyBytes: 10 });
    direct.mount('/form', ['POST'], async (request) => new Response(await request.text()));
    expect((await direct.fetch(new Request('http://local/form', { method: 'POST', body: 'a=1' }))).status).toBe(200);
    expect((await direct.fetch(new Request('http://local/form', { method: 'POST', body: 'a=1&b=2&c=3' }))).status).toBe(413);
  });
});
