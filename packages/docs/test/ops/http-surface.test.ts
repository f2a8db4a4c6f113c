import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { sendRaw } from '../../../../test-support/http.js';
import { serverForSuite } from './support.js';

const initialize = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1.0.0' } },
});
const mcpHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

describe('HTTP surface of kit-docs serve', () => {
  const server = serverForSuite();

  it('opens the read-only API to every origin and answers preflights', async () => {
    const response = await sendRaw(`${server.base}/api/search?q=agents`, { headers: { origin: 'https://elsewhere.example' } });
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-expose-headers']).toContain('ETag');
    const preflight = await sendRaw(`${server.base}/api/search`, {
      method: 'OPTIONS',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, HEAD');
  });

  it('sends security headers with pages', async () => {
    const page = await sendRaw(`${server.base}/`);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['referrer-policy']).toBeDefined();
    expect(page.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers repeated requests from the cache, identical, with 304 on a matching ETag', async () => {
    const first = await sendRaw(`${server.base}/api/docs?slug=kit-core`);
    const second = await sendRaw(`${server.base}/api/docs?slug=kit-core`);
    expect(second.text).toBe(first.text);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    const notModified = await sendRaw(`${server.base}/api/docs?slug=kit-core`, {
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(notModified.status).toBe(304);
    expect(notModified.text).toBe('');
  });

  it('keeps the full answer when HEAD comes first', async () => {
    const head = await sendRaw(`${server.base}/api/search?q=head+first`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    const get = await sendRaw(`${server.base}/api/search?q=head+first`);
    expect(get.json().query).toBe('head first');
    expect(get.json().results.length).toBeGreaterThan(0);
  });

  it('compresses large bodies for clients that accept it', async () => {
    const plain = await sendRaw(`${server.base}/api/docs?slug=kit-core`);
    const gzip = await rawBytes(`${server.base}/api/docs?slug=kit-core`, 'gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).toString('utf8')).toBe(plain.text);
    const br = await rawBytes(`${server.base}/api/docs?slug=kit-core`, 'gzip, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(plain.text);
    expect(br.body.length).toBeLessThan(plain.text.length / 2);
  });

  it('serves Prometheus metrics', async () => {
    await sendRaw(`${server.base}/api/search?q=metrics`);
    const metrics = await sendRaw(`${server.base}/metrics`);
    expect(metrics.status).toBe(200);
    expect(metrics.text).toMatch(/kit_docs_http_requests_total\{route="\/api\/search",method="GET",status="200"\} \d+/);
    expect(metrics.text).toMatch(/kit_docs_http_request_duration_seconds_bucket\{le="0.005",route="\/api\/search",method="GET"\}/);
    expect(metrics.text).toMatch(/kit_docs_search_queries_total \d+/);
    expect(metrics.text).toMatch(/kit_docs_content_version 1/);
  });

  it('lets loopback names reach /mcp and refuses other hosts and origins (DNS rebinding)', async () => {
    const allowed = await sendRaw(`${server.base}/mcp`, {
      method: 'POST',
      body: initialize,
      headers: { ...mcpHeaders, host: `localhost:${server.port}` },
    });
    expect(allowed.status).toBe(200);
    const otherHost = await sendRaw(`${server.base}/mcp`, {
      method: 'POST',
      body: initialize,
      headers: { ...mcpHeaders, host: 'rebound.example' },
    });
    expect(otherHost.status).toBe(403);
    expect(otherHost.headers['content-type']).toMatch(/^application\/problem\+json/);
    const otherOrigin = await sendRaw(`${server.base}/mcp`, {
      method: 'POST',
      body: initialize,
      headers: { ...mcpHeaders, origin: 'http://rebound.example' },
    });
    expect(otherOrigin.status).toBe(403);
  });

  it('refuses a huge request head with 431 and stays up', async () => {
    const response = await sendRaw(`${server.base}/api/health`, { headers: { 'x-padding': 'x'.repeat(20_000) } });
    expect(response.status).toBe(431);
    expect((await sendRaw(`${server.base}/api/health`)).status).toBe(200);
  });
});

/** The body of a GET as sent, with the encoding the server chose. */
async function rawBytes(url: string, acceptEncoding: string): Promise<{ encoding: string | undefined; body: Buffer }> {
  const answer = await sendRaw(url, { headers: { 'accept-encoding': acceptEncoding } });
  const encoding = answer.headers['content-encoding'];
  return { encoding: typeof encoding === 'string' ? encoding : undefined, body: answer.body };
}
