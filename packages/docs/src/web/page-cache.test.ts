import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PageCache, prepareBody } from './page-cache.js';
import { acceptsGzip, sendBody } from './respond.js';

describe('PageCache', () => {
  it('builds a page once per content version', () => {
    const cache = new PageCache();
    let renders = 0;
    const build = () => `page ${++renders}`;
    const first = cache.get('v1', 'home', build);
    expect(cache.get('v1', 'home', build)).toBe(first);
    expect(renders).toBe(1);
    expect(Buffer.from(cache.get('v2', 'home', build).body).toString()).toBe('page 2');
    expect(cache.builds).toBe(2);
  });

  it('drops the least recently used page beyond its bound', () => {
    const cache = new PageCache(2);
    cache.get('v', 'a', () => 'a');
    cache.get('v', 'b', () => 'b');
    cache.get('v', 'a', () => 'a');
    cache.get('v', 'c', () => 'c');
    const builds = cache.builds;
    cache.get('v', 'a', () => 'a');
    expect(cache.builds).toBe(builds);
    cache.get('v', 'b', () => 'b');
    expect(cache.builds).toBe(builds + 1);
  });

  it('refuses a bound that is not a positive whole number', () => {
    expect(() => new PageCache(0)).toThrow(/maxEntries 0/);
  });
});

describe('sendBody', () => {
  const prepared = prepareBody('<p>hello</p>');

  it('answers 304 to a matching If-None-Match, for either encoding', () => {
    const plain = sendBody(new Request('http://x/'), prepared, { contentType: 'text/html' });
    expect(plain.status).toBe(200);
    const etag = plain.headers.get('etag')!;
    expect(sendBody(new Request('http://x/', { headers: { 'If-None-Match': etag } }), prepared, { contentType: 'text/html' }).status).toBe(
      304,
    );
    expect(
      sendBody(new Request('http://x/', { headers: { 'If-None-Match': `W/${etag}`, 'Accept-Encoding': 'gzip' } }), prepared, {
        contentType: 'text/html',
      }).status,
    ).toBe(304);
  });

  it('sends gzip with its own ETag when the client accepts it', async () => {
    const response = sendBody(new Request('http://x/', { headers: { 'Accept-Encoding': 'br, gzip' } }), prepared, {
      contentType: 'text/html',
    });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('etag')).toBe(`${prepared.etag.slice(0, -1)}-gz"`);
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toBe('<p>hello</p>');
  });

  it('reads Accept-Encoding with q-values', () => {
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('deflate, *')).toBe(true);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip(null)).toBe(false);
  });
});
