import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { createElement } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextFor } from '@kit/kit-core/http';
import { renderPage } from '@kit/kit-react/server';
import { listenFetch, type Listening } from './listen.js';

function page(request: Request): Promise<Response> {
  return renderPage({
    request,
    ctx: contextFor(request),
    params: {},
    layouts: [],
    page: {
      file: 'index.page.tsx',
      module: { default: () => createElement('h1', null, 'Hello'), loader: () => ({ n: 1 }) },
      url: '/_kit/index.js',
    },
    notFound: null,
    loading: null,
    error: null,
    assets: { clientEntry: '/_kit/entry.js', styles: [] },
  });
}

function get(url: string) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = httpRequest(url, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (text: string) => (body += text));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('listenFetch', () => {
  let listening: Listening;
  let base = '';
  beforeAll(async () => {
    listening = await listenFetch(
      async (request) => {
        const path = new URL(request.url).pathname;
        if (path === '/text') return new Response('plain text', { headers: { 'Content-Type': 'text/plain' } });
        const response = await page(request);
        response.headers.set('X-Middleware', 'yes');
        // Middleware that wraps the page in a new Response: only the web body can carry it then.
        return path === '/wrapped' ? new Response(response.body, response) : response;
      },
      { port: 0, host: '127.0.0.1', methods: () => ['GET', 'HEAD'], component: 'test' },
    );
    base = `http://127.0.0.1:${listening.port}`;
  });
  afterAll(() => listening.close());

  it('sends a page kit-react made straight into the Node response, whole and with its length when it was ready', async () => {
    const direct = await get(`${base}/`);
    const wrapped = await get(`${base}/wrapped`);
    expect(direct.status).toBe(200);
    expect(direct.headers['x-middleware']).toBe('yes');
    expect(direct.headers['content-length']).toBe(String(Buffer.byteLength(direct.body)));
    expect(direct.body).toContain('<h1>Hello</h1>');
    expect(direct.body).toMatch(/<script type="module" nonce="[\w-]{36}" src="\/_kit\/entry\.js"><\/script><\/body><\/html>$/);
    // The wrapped page went through the adapter and its web body: the same bytes but for its own path.
    expect(wrapped.headers['x-middleware']).toBe('yes');
    // Each page has a nonce of its own.
    const sameNonce = (html: string) => html.replace(/ nonce="[\w-]+"/g, ' nonce="N"');
    expect(sameNonce(wrapped.body)).toBe(sameNonce(direct.body).replace('"pathname":"/"', '"pathname":"/wrapped"'));
  });

  it('sends other responses as the adapter does', async () => {
    const text = await get(`${base}/text`);
    expect(text.body).toBe('plain text');
    expect(text.headers['content-type']).toBe('text/plain');
  });
});
