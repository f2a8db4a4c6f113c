import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { use } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKitApp, type KitServer } from '@kit/kit-core';
import { contextFor } from '@kit/kit-core/http';
import { useLoaderData } from '../components/use-loader-data.js';
import type { PageModule } from '../modules/types.js';
import type { RenderErrorInfo } from './options.js';
import { sendPageToNode } from './html-body.js';
import { renderPage } from './render-page.js';

function Rows() {
  const { rows } = useLoaderData<{ rows: string[] }>();
  return (
    <ul id="rows">
      {rows.map((row) => (
        <li key={row}>{row}</li>
      ))}
    </ul>
  );
}

let release: () => void = () => undefined;
const reported: { error: unknown; info: RenderErrorInfo }[] = [];

const ready: PageModule = { default: Rows, loader: () => ({ rows: ['a </script> b', 'ü & ✓'] }) };
const slow: PageModule = {
  default: Rows,
  loader: async () => {
    await new Promise<void>((resolve) => (release = resolve));
    return { rows: ['late'] };
  },
};

/** Per request (its loader data), a note that comes a few milliseconds after the page renders. */
const notes = new WeakMap<object, Promise<string>>();

/** Waits for data of its own, which no loader gave: the page cannot be rendered whole, so it is streamed. */
function LateNote() {
  const data = useLoaderData<object>();
  let note = notes.get(data);
  if (note === undefined) {
    note = new Promise((resolve) => setTimeout(() => resolve('a late note'), 5));
    notes.set(data, note);
  }
  return <p id="note">{use(note)}</p>;
}

const waits: PageModule = {
  default: () => (
    <>
      <Rows />
      <LateNote />
    </>
  ),
  loader: () => ({ rows: ['a </script> b', 'ü & ✓'] }),
};

/** A page's text with its per-response nonce replaced, so two renders of one page compare equal. */
function sameNonce(html: string): string {
  return html.replace(/ nonce="[\w-]+"/g, ' nonce="N"');
}

function page(url: string, module: PageModule, streamed = false): Promise<Response> {
  const request = new Request(url, { headers: { accept: 'text/html' } });
  return renderPage({
    request,
    ctx: contextFor(request),
    params: {},
    layouts: [],
    page: { file: 'rows.page.tsx', module, url: '/_kit/rows.js' },
    notFound: null,
    loading: streamed ? { file: '_loading.tsx', module: { default: () => <p id="loading">Loading…</p> }, url: '/_kit/loading.js' } : null,
    error: null,
    assets: { clientEntry: '/_kit/entry.js', styles: [] },
    onError: (error, info) => reported.push({ error, info }),
  });
}

/** A bare Node server: pages go through sendPageToNode; `?clone` clones the response first, so its web body sends it. */
function startServer(): Promise<{ server: Server; url: string }> {
  const server = createServer(async (incoming, outgoing) => {
    const url = `http://127.0.0.1${incoming.url ?? '/'}`;
    const module = url.includes('slow') ? slow : url.includes('waits') ? waits : ready;
    const response = await page(url, module, url.includes('slow'));
    response.headers.set('X-After', 'middleware');
    response.headers.append('Set-Cookie', 'a=1');
    response.headers.append('Set-Cookie', 'b=2');
    if (url.includes('clone')) void response.clone().text();
    if (sendPageToNode(response, outgoing)) return;
    outgoing.writeHead(response.status, { 'content-type': response.headers.get('content-type') ?? '', 'x-sent-by': 'web' });
    outgoing.end(Buffer.from(await response.arrayBuffer()));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` })),
  );
}

function get(url: string, onChunk?: (text: string) => void) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; chunks: string[] }>((resolve, reject) => {
    const req = httpRequest(url, (res) => {
      const chunks: string[] = [];
      res.setEncoding('utf8');
      res.on('data', (text: string) => {
        chunks.push(text);
        onChunk?.(text);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, chunks }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe("sendPageToNode with Node's own Response", () => {
  /** A bare Node server: each page is offered to sendPageToNode, then sent from its web body if it was not taken. */
  async function serveBoth(
    module: PageModule,
    check: (sent: boolean, received: { headers: IncomingHttpHeaders; text: string }, url: string) => Promise<void>,
  ) {
    let sent = false;
    const server = createServer(async (incoming, outgoing) => {
      const response = await page(`http://127.0.0.1${incoming.url ?? '/'}`, module);
      sent = sendPageToNode(response, outgoing);
      if (sent) return;
      outgoing.writeHead(response.status, { 'content-type': response.headers.get('content-type') ?? '' });
      outgoing.end(Buffer.from(await response.arrayBuffer()));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/page`;
      const received = await get(url);
      await check(sent, { headers: received.headers, text: received.chunks.join('') }, url);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }

  it('sends a page rendered whole as its text, with its length', async () => {
    await serveBoth(ready, async (sent, received, url) => {
      expect(sent).toBe(true);
      expect(received.headers['content-length']).toBe(String(Buffer.byteLength(received.text)));
      expect(sameNonce(received.text)).toBe(sameNonce(await (await page(url, ready)).text()));
    });
  });

  it("leaves a streamed page to its web body, which Node's Response took hold of when it was made", async () => {
    await serveBoth(waits, async (sent, received, url) => {
      expect(sent).toBe(false);
      expect(received.text).toContain('<p id="note">a late note</p>');
      expect(sameNonce(received.text)).toBe(sameNonce(await (await page(url, waits)).text()));
    });
  });
});

describe('sendPageToNode on a server that runs with @hono/node-server (kit-core, kit-dev)', () => {
  let server: Server;
  let kitServer: KitServer;
  let base = '';
  beforeAll(async () => {
    // A kit app's server installs the adapter's lighter Response, as kit-dev's does: the case the Node path is for.
    kitServer = await createKitApp({}).listen({ port: 0, host: '127.0.0.1' });
    ({ server, url: base } = await startServer());
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await kitServer.close();
  });

  it('writes a ready page whole, with the headers as they are after the renderer, the same bytes as the web body', async () => {
    const sent = await get(`${base}/ready`);
    const body = sent.chunks.join('');
    const web = await (await page(`${base}/ready`, ready)).text();
    expect(sent.status).toBe(200);
    expect(sameNonce(body)).toBe(sameNonce(web));
    expect(sent.headers['content-length']).toBe(String(Buffer.byteLength(body)));
    expect(sent.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(sent.headers['x-after']).toBe('middleware');
    expect(sent.headers['set-cookie']).toEqual(['a=1', 'b=2']);
    expect(body).toContain('<li>a &lt;/script&gt; b</li>');
    expect(body).toContain('"a \\u003c/script> b"');
    expect(body).toMatch(/<script type="module" nonce="[\w-]{36}" src="\/_kit\/entry\.js"><\/script><\/body><\/html>$/);
  });

  it('streams the shell before the loader settles, then the page', async () => {
    let shellSeen = false;
    const sent = await get(`${base}/slow`, (text) => {
      if (!shellSeen && text.includes('id="loading"')) {
        shellSeen = true;
        setTimeout(() => release(), 50);
      }
    });
    expect(sent.headers['content-length']).toBeUndefined();
    expect(sent.headers['transfer-encoding']).toBe('chunked');
    const shellAt = sent.chunks.findIndex((chunk) => chunk.includes('id="loading"'));
    const pageAt = sent.chunks.findIndex((chunk) => chunk.includes('<li>late</li>'));
    expect(shellAt).toBeGreaterThanOrEqual(0);
    expect(pageAt).toBeGreaterThan(shellAt);
    expect(sent.chunks.join('').endsWith('</script></body></html>')).toBe(true);
  });

  it('leaves a streamed page whose body something used (here a clone) to the web stream, and any other response alone', async () => {
    const sent = await get(`${base}/waits?clone`);
    expect(sent.headers['x-sent-by']).toBe('web');
    expect(sent.chunks.join('')).toContain('<p id="note">a late note</p>');
    expect(sameNonce(sent.chunks.join(''))).toBe(sameNonce(await (await page(`${base}/waits?clone`, waits)).text()));
    expect(sendPageToNode(new Response('plain'), null as never)).toBe(false);
  });

  it('sends a page rendered whole as its text even when its body was cloned: the bytes are the same', async () => {
    const sent = await get(`${base}/ready?clone`);
    expect(sent.headers['x-sent-by']).toBeUndefined();
    expect(sent.headers['x-after']).toBe('middleware');
    expect(sameNonce(sent.chunks.join(''))).toBe(sameNonce(await (await page(`${base}/ready?clone`, ready)).text()));
  });

  it('stops rendering when the client leaves in the middle of the stream', async () => {
    reported.length = 0;
    await new Promise<void>((resolve) => {
      const req = httpRequest(`${base}/slow`, (res) => {
        res.once('data', () => {
          req.destroy();
          setTimeout(resolve, 50);
        });
      });
      req.on('error', () => undefined);
      req.end();
    });
    expect(reported.some(({ info, error }) => info.phase === 'render' && String(error).includes('closed early'))).toBe(true);
    release();
  });
});
