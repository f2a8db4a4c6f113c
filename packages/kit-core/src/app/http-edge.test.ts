/**
 * Regression tests of issue 17 (kit-core's HTTP edge under real clients), over real HTTP with
 * `createKitApp(...).listen()`, so every kit app inherits what they check. Raw sockets where a
 * client library would refuse or repair the request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getWithJson, sendRaw, type RawResponse } from '../../../../test-support/http.js';
import { exchange, rawRequest } from '../../../../test-support/raw-socket.js';
import { defineAPI } from '../definitions/define-api.js';
import { KitError } from '../errors/kit-error.js';
import { createKitApp } from './create-kit-app.js';
import type { KitServer } from './kit-app.js';

const search = defineAPI({
  input: z.strictObject({
    q: z.string().min(1).max(500),
    topic: z.string().optional(),
    limit: z.number().int().min(1).max(50).default(10),
  }),
  handler: async ({ input }) => ({ query: input.q, limit: input.limit }),
});
const docs = defineAPI({
  input: z.strictObject({ slug: z.string().min(1).optional() }),
  handler: async ({ input }) => {
    if (input.slug !== undefined && input.slug !== 'known') throw new KitError('not_found', `No document ${input.slug.slice(0, 20)}.`);
    return { slug: input.slug ?? null };
  },
});
const clock = defineAPI({ cache: 'no-store', handler: async () => ({ now: new Date().toISOString() }) });

let server: KitServer;
let base: string;
let port: number;
const app = createKitApp({
  info: { title: 'edge', version: '1.0.0' },
  routes: { 'GET /api/search': search, 'GET /api/docs': docs, 'GET /api/clock': clock },
  bodyTimeoutMs: 300,
});
app.mount('/protocol', ['GET', 'POST', 'DELETE'], (request) => new Response(`protocol ${request.method}`));

beforeAll(async () => {
  server = await app.listen({ port: 0 });
  port = server.port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => server.close());

function problemOf(response: RawResponse): { status: number; detail: string; errors?: { field: string; message: string }[] } {
  expect(response.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  return response.json();
}

/** Every string a problem carries, so an echo can be looked for in all of them. */
function problemStrings(problem: { detail: string; errors?: { field: string; message: string }[] }): string[] {
  return [problem.detail, ...(problem.errors ?? []).flatMap((issue) => [issue.field, issue.message])];
}

describe('1. input is echoed at most 200 characters', () => {
  const longName = 'n'.repeat(8_000);

  it('cuts a long unknown parameter name, in the query string and in the body', async () => {
    for (const response of [
      await sendRaw(`${base}/api/search?q=a&${longName}=1`),
      await getWithJson(`${base}/api/search`, { q: 'a', [longName]: 1 }),
    ]) {
      expect(response.status).toBe(400);
      const problem = problemOf(response);
      expect(problem.errors).toEqual([{ field: `${'n'.repeat(60)}…`, message: 'is not a known field; remove it' }]);
      for (const text of problemStrings(problem)) expect(text).not.toContain('n'.repeat(61));
    }
  });

  it('lists at most 20 field issues, and names in the detail those that fit and counts the rest', async () => {
    const names = Array.from({ length: 50 }, (_, index) => `extra${index}`);
    const problem = problemOf(await sendRaw(`${base}/api/search?q=a&${names.map((name) => `${name}=1`).join('&')}`));
    expect(problem.errors).toHaveLength(20);
    const named = /^Invalid input: (.*); and (\d+) more field issues\.$/.exec(problem.detail);
    expect(named, problem.detail).not.toBeNull();
    expect(named![1]!.split('is not a known field').length - 1 + Number(named![2])).toBe(50);
    expect(problem.detail.length).toBeLessThanOrEqual(400);
  });

  it('quotes a long unknown path in a 404 and a 405 at most 60 characters', async () => {
    const notFound = problemOf(await sendRaw(`${base}/api/${'y'.repeat(3_000)}`));
    expect(notFound.detail).toBe(`No endpoint at "/api/${'y'.repeat(55)}…"; see /openapi.json for the available ones.`);
    const notAllowed = await sendRaw(`${base}/api/search?${'z'.repeat(3_000)}`, { method: 'PUT' });
    expect(notAllowed.status).toBe(405);
    expect(problemOf(notAllowed).detail).toBe('PUT is not allowed on "/api/search"; use GET, HEAD.');
  });
});

describe('2. HEAD reads the JSON body as GET does', () => {
  it('answers HEAD with a body with the status GET gets', async () => {
    for (const [path, body] of [
      ['/api/docs', { slug: 'nope-x' }],
      ['/api/docs', { slug: 'known' }],
      ['/api/search', { q: 'agent' }],
      ['/api/search', { q: 7 }],
    ] as const) {
      const get = await getWithJson(`${base}${path}`, body);
      const head = await sendRaw(`${base}${path}`, {
        method: 'HEAD',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });
      expect(head.status, `${path} ${JSON.stringify(body)}`).toBe(get.status);
      expect(head.text).toBe('');
    }
  });
});

describe('3. the * request target', () => {
  it('answers OPTIONS * with the methods of the app and GET * with a 400 problem, at once', async () => {
    const options = await exchange(port, rawRequest('OPTIONS * HTTP/1.1', ['Host: localhost']));
    expect(options.status).toBe(204);
    expect(options.headers.allow).toBe('DELETE, GET, HEAD, POST');
    const get = await exchange(port, rawRequest('GET * HTTP/1.1', ['Host: localhost']));
    expect(get.status).toBe(400);
    expect(get.json()).toMatchObject({ type: '/problems/bad-request', detail: expect.stringContaining('only goes with OPTIONS') });
    expect(get.elapsedMs).toBeLessThan(1_000);
  });

  it('answers a target the adapter cannot read (a backslash) with a 400 problem, not a 5xx', async () => {
    const answer = await exchange(port, rawRequest('GET /api\\search HTTP/1.1', ['Host: localhost']));
    expect(answer.status).toBe(400);
    expect(answer.json()).toMatchObject({ type: '/problems/bad-request', detail: expect.stringContaining('backslash') });
  });
});

describe("4. an incomplete body is the client's 408", () => {
  it('answers a body shorter than its Content-Length with 408 saying what arrived, and closes', async () => {
    const answer = await exchange(
      port,
      rawRequest('GET /api/search HTTP/1.1', ['Host: localhost', 'Content-Type: application/json', 'Content-Length: 100'], '{"q":"a"'),
      {
        stopAfterResponse: false,
        waitMs: 3_000,
      },
    );
    expect(answer.status).toBe(408);
    expect(answer.headers.connection).toBe('close');
    expect(answer.closed).toBe(true);
    expect(answer.elapsedMs).toBeGreaterThanOrEqual(250);
    expect(answer.elapsedMs).toBeLessThan(2_500);
    expect(answer.json()).toEqual({
      type: '/problems/request-timeout',
      title: 'Request timeout',
      status: 408,
      detail:
        'The request body did not arrive in full: Content-Length announced 100 bytes and 8 arrived within 300 ms; send the whole body, or a Content-Length that matches it.',
    });
  });

  it('answers a chunked body without its last chunk with 408 too', async () => {
    const answer = await exchange(
      port,
      rawRequest(
        'GET /api/search HTTP/1.1',
        ['Host: localhost', 'Content-Type: application/json', 'Transfer-Encoding: chunked'],
        '5\r\n{"q":\r\n',
      ),
    );
    expect(answer.status).toBe(408);
    expect(answer.json().detail).toBe(
      'The request body did not end within 300 ms (5 bytes arrived); finish a chunked body with its zero-length last chunk.',
    );
  });

  it('rejects a bodyTimeoutMs that is no positive number of milliseconds', () => {
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => createKitApp({ routes: {}, bodyTimeoutMs: bad })).toThrow(
        `createKitApp: bodyTimeoutMs must be a positive number of milliseconds up to 2147483647, got ${bad}`,
      );
    }
  });
});

describe('5. prototype keys are ordinary (unknown) names', () => {
  const prototypeKeys = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype', 'valueOf', '__defineGetter__'];

  it('rejects each as an unknown field in the query string, naming it', async () => {
    for (const key of prototypeKeys) {
      const response = await sendRaw(`${base}/api/search?q=a&${encodeURIComponent(key)}=1`);
      expect(response.status, key).toBe(400);
      expect(problemOf(response).errors, key).toEqual([{ field: key, message: 'is not a known field; remove it' }]);
    }
  });

  it('rejects each as an unknown field of the body, with no query string (not as a conflict)', async () => {
    for (const key of prototypeKeys) {
      const response = await getWithJson(`${base}/api/search`, `{"q":"a",${JSON.stringify(key)}:{"polluted":true}}`);
      expect(response.status, key).toBe(400);
      expect(problemOf(response).errors, key).toEqual([{ field: key, message: 'is not a known field; remove it' }]);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('still compares a field given in both places by its own value', async () => {
    const conflict = await getWithJson(`${base}/api/search?q=a`, { q: 'b' });
    expect(problemOf(conflict).errors).toEqual([{ field: 'q', message: expect.stringContaining('different values') }]);
    expect((await getWithJson(`${base}/api/search?q=a`, { q: 'a' })).status).toBe(200);
  });
});

describe('6. Allow agrees between HEAD and other methods', () => {
  it('gives HEAD on a mounted GET, POST, DELETE endpoint the same 405 and Allow as PUT', async () => {
    const head = await sendRaw(`${base}/protocol`, { method: 'HEAD' });
    const put = await sendRaw(`${base}/protocol`, { method: 'PUT' });
    expect(head.status).toBe(405);
    expect(put.status).toBe(405);
    expect(head.headers.allow).toBe('DELETE, GET, POST');
    expect(put.headers.allow).toBe('DELETE, GET, POST');
    expect((await sendRaw(`${base}/protocol`)).text).toBe('protocol GET');
  });

  it('lets HEAD through where GET is a route, and lists it in Allow', async () => {
    expect((await sendRaw(`${base}/api/docs`, { method: 'HEAD' })).status).toBe(200);
    expect((await sendRaw(`${base}/api/docs`, { method: 'DELETE' })).headers.allow).toBe('GET, HEAD');
    expect(app.methods()).toEqual(['DELETE', 'GET', 'HEAD', 'POST']);
  });
});

describe('7. routes whose answer changes every call', () => {
  it("sends cache: 'no-store' routes without ETag, and never answers them 304", async () => {
    const first = await sendRaw(`${base}/api/clock`);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers.etag).toBeUndefined();
    const again = await sendRaw(`${base}/api/clock`, { headers: { 'if-none-match': '*' } });
    expect(again.status).toBe(200);
    const cached = await sendRaw(`${base}/api/docs`);
    expect(cached.headers.etag).toMatch(/^W\/"/);
  });

  it('says so in the OpenAPI document', () => {
    const paths = app.openapi().paths as Record<string, { get: { responses: Record<string, { headers?: Record<string, unknown> }> } }>;
    expect(Object.keys(paths['/api/clock']!.get.responses['200']!.headers!)).toEqual(['Cache-Control']);
    expect(paths['/api/clock']!.get.responses['304']).toBeUndefined();
    expect(Object.keys(paths['/api/docs']!.get.responses['200']!.headers!)).toEqual(['ETag', 'Cache-Control']);
    expect(paths['/api/docs']!.get.responses['304']).toBeDefined();
  });
});

describe('8. error messages say what is wrong', () => {
  it('says a wrongly typed field must have its type, and a missing one is required', async () => {
    expect(problemOf(await getWithJson(`${base}/api/search`, { q: 123 })).detail).toBe('Invalid input: q must be a string, got a number.');
    expect(problemOf(await getWithJson(`${base}/api/docs`, { slug: 123 })).errors).toEqual([
      { field: 'slug', message: 'must be a string, got a number' },
    ]);
    expect(problemOf(await getWithJson(`${base}/api/docs`, { slug: ['a'] })).errors).toEqual([
      { field: 'slug', message: 'must be a string, got an array' },
    ]);
    expect(problemOf(await getWithJson(`${base}/api/search`, { q: 'a', limit: 2.5 })).errors).toEqual([
      { field: 'limit', message: 'must be a whole number, got a decimal number' },
    ]);
    expect(problemOf(await getWithJson(`${base}/api/search`, { q: 'a', limit: 99 })).errors).toEqual([
      { field: 'limit', message: 'must be at most 50' },
    ]);
    expect(problemOf(await getWithJson(`${base}/api/search`, { q: '' })).errors).toEqual([{ field: 'q', message: 'must not be empty' }]);
    expect(problemOf(await sendRaw(`${base}/api/search`)).detail).toBe('Invalid input: q is required.');
  });

  it('tells malformed JSON from bytes that are not UTF-8', async () => {
    const malformed = problemOf(await getWithJson(`${base}/api/search`, '{"q":'));
    expect(malformed.errors).toEqual([{ field: 'body', message: 'is not valid JSON' }]);
    expect(malformed.detail).toBe('The request body is not valid JSON; send a JSON object such as {"q":"…"}.');
    const latin1 = await sendRaw(`${base}/api/search`, {
      body: Buffer.from([0x7b, 0x22, 0x71, 0x22, 0x3a, 0x22, 0xe9, 0x22, 0x7d]),
      headers: { 'content-type': 'application/json' },
    });
    expect(problemOf(latin1).errors).toEqual([{ field: 'body', message: 'is not valid UTF-8' }]);
  });

  it('names the real body limit and closes the connection when the body is left unread', async () => {
    const declared = await exchange(
      port,
      rawRequest(
        'GET /api/search HTTP/1.1',
        ['Host: localhost', 'Content-Type: application/json', `Content-Length: ${2 * 1024 * 1024}`],
        '{"q":',
      ),
    );
    expect(declared.status).toBe(413);
    expect(declared.headers.connection).toBe('close');
    expect(declared.json().detail).toBe('The request body is larger than 64 KiB; send fewer or shorter parameters.');
    const streamed = await getWithJson(`${base}/api/search`, { q: 'x'.repeat(70 * 1024) });
    expect(streamed.status).toBe(413);
  });
});

describe('9. what Node answers before the app, through listen()', () => {
  it('answers BREW, raw non-ASCII bytes, too large headers and two Host headers with problem documents', async () => {
    const brew = await exchange(port, rawRequest('BREW /api/search HTTP/1.1', ['Host: localhost']));
    expect([brew.status, brew.json().type]).toEqual([501, '/problems/not-implemented']);
    expect(brew.json().detail).toBe('The method "BREW" is not implemented by this server; use DELETE, GET, HEAD, POST.');
    const bytes = await exchange(
      port,
      Buffer.concat([Buffer.from('GET /api/search?q=caf'), Buffer.from([0xc3, 0xa9]), Buffer.from(' HTTP/1.1\r\nHost: localhost\r\n\r\n')]),
    );
    expect([bytes.status, bytes.json().type]).toEqual([400, '/problems/bad-request']);
    const big = await exchange(port, rawRequest('GET /api/search HTTP/1.1', ['Host: localhost', `X-Big: ${'x'.repeat(20_000)}`]));
    expect([big.status, big.json().type]).toEqual([431, '/problems/headers-too-large']);
    expect(big.json().detail).toContain('larger than 16 KiB');
    const hosts = await exchange(port, rawRequest('GET /api/search?q=a HTTP/1.1', ['Host: localhost', 'Host: evil.example']));
    expect([hosts.status, hosts.json().type]).toEqual([400, '/problems/bad-request']);
    expect((await sendRaw(`${base}/api/search?q=still+up`)).status).toBe(200);
  });
});

describe('OpenAPI: where GET parameters go', () => {
  it('requires no query parameter, says which are required somewhere, and keeps the body schema whole', () => {
    const operation = (app.openapi().paths['/api/search'] as { get: Record<string, any> }).get;
    expect(operation.parameters.map((parameter: { name: string; required: boolean }) => [parameter.name, parameter.required])).toEqual([
      ['q', false],
      ['topic', false],
      ['limit', false],
    ]);
    expect(operation.parameters[0].description).toBe('Required: send it in the query string or in the JSON body.');
    expect(operation.parameters[1].description).toBeUndefined();
    expect(operation.requestBody.required).toBe(false);
    expect(operation.requestBody.content['application/json'].schema.required).toEqual(['q']);
    expect(operation.responses['408']).toBeDefined();
  });
});
