import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectInvalidConfig } from '../testing/config-cases.js';
import { failure } from '../testing/failure.js';
import { taskContext } from '../testing/task-context.js';
import { createRemoteTask, type RemoteTaskResult } from './remote-task.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let server: Server;
let base: string;
const seen: Seen[] = [];
const closedEarly: string[] = [];

function handle(request: IncomingMessage, response: ServerResponse, body: string): void {
  seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
  const path = new URL(request.url ?? '/', 'http://x').pathname;
  switch (path) {
    case '/echo':
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'x-request': 'one' });
      response.end(JSON.stringify({ method: request.method, body: body === '' ? null : JSON.parse(body) }));
      return;
    case '/created':
      response.writeHead(201, { 'content-type': 'application/problem+json' });
      response.end('{"id":7}');
      return;
    case '/text':
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('plain words');
      return;
    case '/empty':
      response.writeHead(204);
      response.end();
      return;
    case '/fail':
      response.writeHead(503, { 'content-type': 'text/plain' });
      response.end(`overloaded ${'z'.repeat(400)}`);
      return;
    case '/bad-json':
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"broken":');
      return;
    case '/big':
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('b'.repeat(5000));
      return;
    case '/slow':
      request.socket.on('close', () => closedEarly.push(path));
      setTimeout(() => {
        if (!response.destroyed) response.end('late');
      }, 3000);
      return;
    default:
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('no such route');
  }
}

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => handle(request, response, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('createRemoteTask', () => {
  it('POSTs the arguments as JSON and parses a JSON answer', async () => {
    const task = createRemoteTask({
      name: 'echo',
      description: 'Echo.',
      url: `${base}/echo?fixed=1`,
      headers: { authorization: 'Bearer t' },
    });
    expect(task.kind).toBe('remote');
    expect(task.parameters).toEqual({ type: 'object' });
    const result = (await task.execute({ title: 'Broken parcel', priority: 'high' }, taskContext())) as RemoteTaskResult;
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ method: 'POST', body: { title: 'Broken parcel', priority: 'high' } });
    expect(result.headers['x-request']).toBe('one');
    expect(result.headers['content-type']).toBe('application/json; charset=utf-8');
    const request = seen.at(-1)!;
    expect(request.url).toBe('/echo?fixed=1');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers.authorization).toBe('Bearer t');
    expect(request.headers.accept).toBe('application/json, text/*;q=0.9, */*;q=0.8');
  });

  it('shapes the body with body() and headers with a function', async () => {
    const task = createRemoteTask({
      name: 'shaped',
      description: 'S.',
      url: `${base}/echo`,
      method: 'PUT',
      body: (args) => ({ ticket: args }),
      headers: (args) => ({ 'x-priority': String(args.priority), accept: 'application/json' }),
    });
    const result = (await task.execute({ priority: 'low' }, taskContext())) as RemoteTaskResult;
    expect(result.body).toEqual({ method: 'PUT', body: { ticket: { priority: 'low' } } });
    expect(seen.at(-1)?.headers['x-priority']).toBe('low');
    expect(seen.at(-1)?.headers.accept).toBe('application/json');
  });

  it('sends GET arguments as query parameters, unless url is a function', async () => {
    const task = createRemoteTask({ name: 'get', description: 'G.', url: `${base}/echo?page=1`, method: 'GET' });
    const result = (await task.execute(
      { q: 'a b&c', tags: ['x', 'y'], filter: { open: true }, none: null },
      taskContext(),
    )) as RemoteTaskResult;
    expect(result.body).toEqual({ method: 'GET', body: null });
    expect(seen.at(-1)?.url).toBe('/echo?page=1&q=a+b%26c&tags=x&tags=y&filter=%7B%22open%22%3Atrue%7D');
    expect(seen.at(-1)?.headers['content-type']).toBeUndefined();

    const built = createRemoteTask({
      name: 'built',
      description: 'B.',
      method: 'GET',
      url: (args) => `${base}/echo/${encodeURIComponent(String(args.id))}`,
    });
    await failure(built.execute({ id: 'a/b' }, taskContext()));
    expect(seen.at(-1)?.url).toBe('/echo/a%2Fb');
  });

  it('accepts the expected statuses and keeps text, +json and empty bodies', async () => {
    const created = createRemoteTask({ name: 'created', description: 'C.', url: `${base}/created`, expectedStatus: [201] });
    expect(await created.execute({}, taskContext())).toMatchObject({ status: 201, body: { id: 7 } });
    const text = createRemoteTask({ name: 'text', description: 'T.', url: `${base}/text`, method: 'GET' });
    expect(await text.execute({}, taskContext())).toMatchObject({ status: 200, body: 'plain words' });
    const empty = createRemoteTask({ name: 'empty', description: 'E.', url: `${base}/empty`, method: 'DELETE' });
    expect(await empty.execute({ id: 3 }, taskContext())).toMatchObject({ status: 204, body: null });
    expect(seen.at(-1)).toMatchObject({ method: 'DELETE', url: '/empty?id=3', body: '' });
    const strict = createRemoteTask({ name: 'strict', description: 'S.', url: `${base}/echo`, expectedStatus: [201] });
    expect((await failure(strict.execute({}, taskContext()))).message).toContain('answered 200 OK, expected 201; body: {"method":"POST"');
  });

  it('fails a non-2xx status naming it, with at most 200 characters of the body', async () => {
    const task = createRemoteTask({ name: 'fail', description: 'F.', url: `${base}/fail?token=secret`, method: 'GET' });
    const error = await failure(task.execute({}, taskContext()));
    expect(error.code).toBe('tool_failed');
    expect(error.status).toBe(503);
    const excerpt = `overloaded ${'z'.repeat(400)}`.slice(0, 200);
    expect(error.message).toBe(
      `createRemoteTask "fail": GET ${base}/fail answered 503 Service Unavailable, expected 2xx; body: ${excerpt}`,
    );
    expect(error.message).not.toContain('secret');
    const missing = createRemoteTask({ name: 'missing', description: 'M.', url: `${base}/nowhere` });
    expect((await failure(missing.execute({}, taskContext()))).message).toContain(
      'answered 404 Not Found, expected 2xx; body: no such route',
    );
  });

  it('fails on bad JSON, a body over maxResponseBytes and an unreachable server', async () => {
    const badJson = createRemoteTask({ name: 'bad', description: 'B.', url: `${base}/bad-json` });
    expect((await failure(badJson.execute({}, taskContext()))).message).toContain(
      'said its body is JSON (application/json) but it does not parse',
    );
    const big = createRemoteTask({ name: 'big', description: 'B.', url: `${base}/big`, maxResponseBytes: 1000 });
    expect((await failure(big.execute({}, taskContext()))).message).toContain('answered more than 1000 bytes (maxResponseBytes)');
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const down = createRemoteTask({ name: 'down', description: 'D.', url: `http://127.0.0.1:${port}/x` });
    const error = await failure(down.execute({}, taskContext()));
    expect(error.code).toBe('tool_failed');
    expect(error.message).toContain(`createRemoteTask "down": cannot reach POST http://127.0.0.1:${port}/x: connect ECONNREFUSED`);
  });

  it('gives tool_timeout at timeoutMs and aborted on cancel, closing the request', async () => {
    const slow = createRemoteTask({ name: 'slow', description: 'S.', url: `${base}/slow`, method: 'GET', timeoutMs: 100 });
    const started = Date.now();
    const error = await failure(slow.execute({}, taskContext()));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(error.code).toBe('tool_timeout');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closedEarly).toEqual(['/slow']);

    const controller = new AbortController();
    const pending = failure(
      createRemoteTask({ name: 'slow2', description: 'S.', url: `${base}/slow`, method: 'GET' }).execute(
        {},
        taskContext({ signal: controller.signal }),
      ),
    );
    setTimeout(() => controller.abort(), 50);
    expect((await pending).code).toBe('aborted');
  });

  it('rejects bad options with invalid_config', () => {
    const ok = { name: 'r', description: 'R.', url: 'https://api.example.com/x' };
    const cases: [unknown, string][] = [
      [
        { ...ok, url: 'ftp://x' },
        'createRemoteTask: task "r": url must be an http(s) URL such as "https://api.example.com/orders" or a function of the call\'s arguments, got "ftp://x".',
      ],
      [{ ...ok, url: 'not a url' }, 'got "not a url"'],
      [{ ...ok, method: 'get' }, 'method must be one of GET, HEAD, POST, PUT, PATCH, DELETE, got "get".'],
      [{ ...ok, method: 'GET', body: () => ({}) }, 'body is set but GET sends no body'],
      [{ ...ok, expectedStatus: [] }, 'expectedStatus must be a non-empty array of HTTP statuses'],
      [{ ...ok, expectedStatus: [700] }, 'expectedStatus must be a non-empty array of HTTP statuses'],
      [{ ...ok, headers: { a: 1 } }, 'headers must be an object of header names to strings'],
      [{ ...ok, timeoutMs: -5 }, 'timeoutMs must be a positive number of milliseconds, got -5.'],
    ];
    expectInvalidConfig(createRemoteTask, cases);
  });

  it('rejects a url function that returns no URL', async () => {
    const task = createRemoteTask({ name: 'u', description: 'U.', url: () => 'nope' });
    const error = await failure(task.execute({}, taskContext()));
    expect(error.code).toBe('invalid_config');
    expect(error.message).toBe('createRemoteTask "u": the url function must return an http(s) URL, got "nope".');
  });
});
