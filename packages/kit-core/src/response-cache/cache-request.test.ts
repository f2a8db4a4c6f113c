import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { cacheRequestOf } from './cache-request.js';

const incoming = (url: string, headers: Record<string, string>) => ({ url, headers }) as unknown as IncomingMessage;

describe('cacheRequestOf', () => {
  it('reads target, path and the negotiating headers from the fetch request', () => {
    const request = new Request('http://localhost:3000/docs/a?x=1', {
      headers: { accept: 'text/markdown', 'accept-encoding': 'br', 'if-none-match': 'W/"t"' },
    });
    expect(cacheRequestOf(request, undefined)).toEqual({
      method: 'GET',
      target: '/docs/a?x=1',
      path: '/docs/a',
      accept: 'text/markdown',
      acceptEncoding: 'br',
      ifNoneMatch: 'W/"t"',
    });
  });

  it("reads them from Node's parsed head when there is one, with the target as sent", () => {
    const request = new Request('http://localhost/api/docs', { method: 'HEAD' });
    expect(cacheRequestOf(request, incoming('/api/docs?slug=a', { accept: 'application/json' }))).toEqual({
      method: 'HEAD',
      target: '/api/docs?slug=a',
      path: '/api/docs',
      accept: 'application/json',
      acceptEncoding: undefined,
      ifNoneMatch: undefined,
    });
  });

  it('leaves out other methods and requests with a body, whose body is input', () => {
    expect(cacheRequestOf(new Request('http://localhost/', { method: 'POST', body: '{}' }), undefined)).toBeUndefined();
    expect(cacheRequestOf(new Request('http://localhost/', { headers: { 'content-length': '2' } }), undefined)).toBeUndefined();
    expect(cacheRequestOf(new Request('http://localhost/'), incoming('/', { 'transfer-encoding': 'chunked' }))).toBeUndefined();
    expect(cacheRequestOf(new Request('http://localhost/'), incoming('/', { 'content-length': '0' }))?.target).toBe('/');
  });
});
