import { describe, expect, it } from 'vitest';
import type { CacheRequest } from './cache-request.js';
import { toCachedResponse } from './cached-response.js';

const request: CacheRequest = {
  method: 'GET',
  target: '/docs/a?x=1',
  path: '/docs/a',
  accept: 'text/html',
  acceptEncoding: undefined,
  ifNoneMatch: undefined,
};

describe('toCachedResponse', () => {
  it("keeps the body and the answer's own headers, not those of the one request", async () => {
    const response = new Response('{"a":1}', {
      headers: {
        'Content-Type': 'application/json',
        'Content-Length': '7',
        ETag: 'W/"abc"',
        'X-Request-Id': 'r-1',
        'RateLimit-Remaining': '9',
        'X-Custom': 'kept',
      },
    });
    const entry = await toCachedResponse(response, request, { 'X-Request-Id': 'r-1', 'RateLimit-Remaining': '9' }, true);
    expect(entry.body.toString()).toBe('{"a":1}');
    expect(entry.headers).toEqual({
      'content-type': 'application/json',
      etag: 'W/"abc"',
      'x-custom': 'kept',
      'x-content-type-options': 'nosniff',
    });
    expect([entry.key, entry.etag, entry.negotiated, entry.answersHead]).toEqual(['/docs/a?x=1', 'W/"abc"', false, true]);
    expect(entry.size).toBe(7 + '/docs/a?x=1'.length);
  });

  it('hashes a weak ETag for an answer without one', async () => {
    const entry = await toCachedResponse(new Response('hello'), request, {}, true);
    expect(entry.etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(entry.headers.etag).toBe(entry.etag);
  });

  it('varies a compressible body on Accept-Encoding, with a weak tag, since its compressed bytes differ', async () => {
    const body = 'x'.repeat(2048);
    const entry = await toCachedResponse(new Response(body, { headers: { ETag: '"strong"', Vary: 'Accept' } }), request, {}, false);
    expect(entry.headers.vary).toBe('Accept, Accept-Encoding');
    expect(entry.etag).toBe('W/"strong"');
    // It varies on Accept, so it is kept under the target and the Accept it answered.
    expect([entry.negotiated, entry.key]).toEqual([true, '/docs/a?x=1\ntext/html']);
  });
});
