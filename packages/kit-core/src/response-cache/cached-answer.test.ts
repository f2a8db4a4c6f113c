import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { cachedAnswer } from './cached-answer.js';
import { toCachedResponse } from './cached-response.js';
import { ResponseCache } from './response-cache.js';

const body = JSON.stringify({ text: 'kit '.repeat(400) });
const entry = () =>
  toCachedResponse(
    new Response(body, { headers: { 'content-type': 'application/json', 'cache-control': 'no-cache', etag: 'W/"t"' } }),
    { method: 'GET', target: '/api/x', path: '/api/x', accept: undefined, acceptEncoding: undefined, ifNoneMatch: undefined },
    {},
    true,
  );

describe('cachedAnswer', () => {
  it('sends the body as it is with its length, over the headers already there', async () => {
    const headers: Record<string, string> = { 'access-control-allow-origin': '*', etag: 'replaced' };
    const sent = cachedAnswer(new ResponseCache(), await entry(), undefined, undefined, headers);
    expect(sent?.toString()).toBe(body);
    expect(headers).toMatchObject({ 'content-length': String(body.length), 'access-control-allow-origin': '*', etag: 'W/"t"' });
    expect(headers['content-encoding']).toBeUndefined();
  });

  it('compresses as Accept-Encoding prefers', async () => {
    const cache = new ResponseCache();
    const kept = await entry();
    const brHeaders: Record<string, string> = {};
    const br = cachedAnswer(cache, kept, undefined, 'gzip, br', brHeaders);
    expect(brHeaders['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br!).toString()).toBe(body);
    expect(brHeaders['content-length']).toBe(String(br!.byteLength));
    const gzip = cachedAnswer(cache, kept, undefined, 'gzip', {});
    expect(gunzipSync(gzip!).toString()).toBe(body);
  });

  it('answers a matching If-None-Match with a 304 that keeps the validator and caching headers', async () => {
    const headers: Record<string, string> = { 'x-request-id': 'r-2' };
    expect(cachedAnswer(new ResponseCache(), await entry(), '"other", W/"t"', 'br', headers)).toBeUndefined();
    expect(headers).toEqual({
      'x-request-id': 'r-2',
      etag: 'W/"t"',
      'cache-control': 'no-cache',
      vary: 'Accept-Encoding',
      'x-content-type-options': 'nosniff',
    });
  });
});
