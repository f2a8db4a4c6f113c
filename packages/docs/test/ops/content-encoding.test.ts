/**
 * Every kind of answer is encoded exactly as its client asked: pages (which the website layer
 * prepares in gzip itself), llms.txt, Markdown views and the JSON API, the first time and from the
 * cache, whichever client came first.
 */
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocsServer } from '../../src/server/start-server.js';
import { startInProcess } from './support.js';

function fetchBytes(base: string, path: string, acceptEncoding: string | undefined): Promise<{ status: number; encoding: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
    request(`${base}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

const paths = ['/', '/docs/database', '/docs/database.md', '/llms.txt', '/llms-full.txt', '/api/docs?slug=kit-core', '/search?q=model'];

describe.each([
  ['a gzip client first', ['gzip', undefined, 'gzip']],
  ['a plain client first', [undefined, 'gzip', undefined]],
] as const)('content encoding, %s', (_order, sequence) => {
  // A server per order, so each starts with an empty cache.
  let server: DocsServer;
  let base: string;
  beforeAll(async () => {
    server = await startInProcess();
    base = `http://127.0.0.1:${server.port}`;
  });
  afterAll(() => server?.close());

  it.each(paths)('%s is decoded once to the same text by every client', async (path) => {
    const texts: string[] = [];
    for (const acceptEncoding of sequence) {
      const answer = await fetchBytes(base, path, acceptEncoding);
      expect(answer.status).toBe(200);
      if (acceptEncoding === undefined) expect(answer.encoding, `${path} without Accept-Encoding`).toBeUndefined();
      const text = answer.encoding === 'gzip' ? gunzipSync(answer.body).toString('utf8') : answer.body.toString('utf8');
      // Decoded once, the body is text, never a second layer of gzip (which starts with 0x1f 0x8b).
      expect(text.charCodeAt(0), path).not.toBe(0x1f);
      texts.push(text);
    }
    expect(new Set(texts).size, path).toBe(1);
  });
});
