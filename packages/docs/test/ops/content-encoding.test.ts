/**
 * Every kind of answer is encoded exactly as its client asked: pages (which the website layer
 * prepares in gzip itself), llms.txt, Markdown views and the JSON API, the first time and from the
 * cache, whichever client came first.
 */
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { sendRaw } from '../../../../test-support/http.js';
import { serverForSuite } from './support.js';

const paths = ['/', '/docs/database', '/docs/database.md', '/llms.txt', '/llms-full.txt', '/api/docs?slug=kit-core', '/search?q=model'];

describe.each([
  ['a gzip client first', ['gzip', undefined, 'gzip']],
  ['a plain client first', [undefined, 'gzip', undefined]],
] as const)('content encoding, %s', (_order, sequence) => {
  // A server per order, so each starts with an empty cache.
  const server = serverForSuite();

  it.each(paths)('%s is decoded once to the same text by every client', async (path) => {
    const texts: string[] = [];
    for (const acceptEncoding of sequence) {
      const answer = await sendRaw(`${server.base}${path}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
      const encoding = answer.headers['content-encoding'];
      expect(answer.status).toBe(200);
      if (acceptEncoding === undefined) expect(encoding, `${path} without Accept-Encoding`).toBeUndefined();
      const text = encoding === 'gzip' ? gunzipSync(answer.body).toString('utf8') : answer.text;
      // Decoded once, the body is text, never a second layer of gzip (which starts with 0x1f 0x8b).
      expect(text.charCodeAt(0), path).not.toBe(0x1f);
      texts.push(text);
    }
    expect(new Set(texts).size, path).toBe(1);
  });
});
