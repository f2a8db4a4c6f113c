import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sendRaw } from '../../../../test-support/http.js';
import { createKitApp } from '../app/create-kit-app.js';
import type { KitApp } from '../app/kit-app.js';
import { defineMiddleware } from '../definitions/define-middleware.js';
import { defineRateLimit } from '../rate-limit/define-rate-limit.js';
import { HeaderRecord, headerRecord, responseWithHeaderRecord, unreadHeaderRecord } from './header-record.js';
import { pageSecurityPolicy } from './page-security.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
});

describe('headerRecord', () => {
  it('holds the headers as its only enumerable properties, names in lower case', () => {
    const record = headerRecord({ 'Retry-After': '30' });
    record['content-type'] = 'text/html; charset=utf-8';
    expect(Object.keys(record)).toEqual(['retry-after', 'content-type']);
    expect({ ...record }).toEqual({ 'retry-after': '30', 'content-type': 'text/html; charset=utf-8' });
    expect(HeaderRecord.wasRead(record)).toBe(false);
  });

  it('refuses what a Headers refuses in the headers it is given', () => {
    expect(() => headerRecord({ 'Retry-After': 'soon\r\nSet-Cookie: a=b' })).toThrow(TypeError);
    expect(() => headerRecord({ 'bad name': 'x' })).toThrow(TypeError);
  });

  it('becomes the Headers of a Response, and knows it was read from then on', () => {
    const record = headerRecord();
    pageSecurityPolicy().apply(record, 'n1');
    const response = responseWithHeaderRecord('<p>hi</p>', 201, record);
    // Node's own Response reads its init as it is made: nothing may be added to the record after that.
    expect(HeaderRecord.wasRead(record)).toBe(true);
    expect(unreadHeaderRecord(response)).toBeUndefined();
    expect(response.status).toBe(201);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toContain("'nonce-n1'");
  });

  it('is not found on a response made some other way', () => {
    expect(unreadHeaderRecord(new Response('x'))).toBeUndefined();
  });
});

/** Serves `app` on a Node server of its own; the URL of its `/page`. */
async function servePage(app: KitApp): Promise<string> {
  const server = createServer(app.requestListener());
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/page`;
}

describe('a response made with a header record, served by a kit app', () => {
  async function serve(answer: () => Response, rateLimit = false): Promise<string> {
    const app = createKitApp({
      routes: {},
      ...(rateLimit ? { rateLimit: defineRateLimit({ default: { requests: 10, window: '1m' } }) } : {}),
    });
    app.get('/page', async () => answer());
    return servePage(app);
  }

  it('gets the request id, nosniff and the rate-limit headers in its record, which Node writes as it is', async () => {
    let made: Response | undefined;
    const url = await serve(() => {
      const record = headerRecord();
      record['content-type'] = 'text/plain; charset=utf-8';
      made = responseWithHeaderRecord('hello', 200, record);
      return made;
    }, true);
    const answer = await sendRaw(url, { headers: { 'x-request-id': 'caller-1' } });
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('hello');
    expect(answer.headers['x-request-id']).toBe('caller-1');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect([answer.headers['ratelimit-limit'], answer.headers['ratelimit-remaining']]).toEqual(['10', '9']);
    // Served through the server's lighter Response, the record was written without making a Headers.
    expect(unreadHeaderRecord(made!)).toBeDefined();
  });

  it('keeps what middleware set on the headers once they were read', async () => {
    const app = createKitApp({
      routes: {},
      middleware: [
        defineMiddleware({
          name: 'powered-by',
          handler: async ({ next }) => {
            const response = await next();
            response.headers.set('X-Powered-By', 'kit');
            return response;
          },
        }),
      ],
    });
    app.get('/page', async () => responseWithHeaderRecord('hi', 200, headerRecord({ 'Content-Type': 'text/plain' })));
    const answer = await sendRaw(await servePage(app));
    expect([answer.headers['x-powered-by'], answer.headers['content-type'], answer.headers['x-content-type-options']]).toEqual([
      'kit',
      'text/plain',
      'nosniff',
    ]);
    expect(answer.headers['x-request-id']).toMatch(/^[\w-]+$/);
  });
});
