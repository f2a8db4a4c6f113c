import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OriginPolicy } from './origin-policy.js';
import { startOriginProxy, type OriginProxy } from './origin-proxy.js';

/** A server on 127.0.0.1 that records the requests it gets and answers with their method and path. */
async function recordingServer(): Promise<{ server: Server; origin: string; hits: string[] }> {
  const hits: string[] = [];
  const server = createServer((incoming, response) => {
    let body = '';
    incoming.on('data', (chunk: Buffer) => (body += chunk.toString()));
    incoming.on('end', () => {
      hits.push(`${incoming.method} ${incoming.url}`);
      response.writeHead(incoming.url === '/moved' ? 302 : 200, {
        location: '/elsewhere',
        'x-proxy-connection': incoming.headers['proxy-connection'] ?? 'none',
      });
      response.end(`${incoming.method} ${incoming.url} ${body}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits };
}

function throughProxy(
  proxy: OriginProxy,
  url: string,
  method = 'GET',
  body = '',
): Promise<{ status: number; text: string; headers: IncomingMessage['headers'] }> {
  const { hostname, port } = new URL(proxy.server);
  return new Promise((resolve, reject) => {
    const outgoing = request({ hostname, port, method, path: url, headers: { 'proxy-connection': 'keep-alive' } }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text, headers: response.headers }));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

function connectThrough(proxy: OriginProxy, target: string): Promise<number> {
  const { hostname, port } = new URL(proxy.server);
  return new Promise((resolve, reject) => {
    const outgoing = request({ hostname, port, method: 'CONNECT', path: target });
    outgoing.on('connect', (response: IncomingMessage, socket) => {
      socket.destroy();
      resolve(response.statusCode ?? 0);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

let allowed: Awaited<ReturnType<typeof recordingServer>>;
let foreign: Awaited<ReturnType<typeof recordingServer>>;
let proxy: OriginProxy;

beforeAll(async () => {
  allowed = await recordingServer();
  foreign = await recordingServer();
  proxy = await startOriginProxy(OriginPolicy.fromOptions('test', [allowed.origin]));
});
afterAll(async () => {
  await proxy.close();
  allowed.server.close();
  foreign.server.close();
});

describe('the origin proxy', () => {
  it('forwards requests to an allowed origin, bodies and answers unchanged, without the proxy headers', async () => {
    const answer = await throughProxy(proxy, `${allowed.origin}/form?x=1`, 'POST', 'name=kit');
    expect(answer).toMatchObject({ status: 200, text: 'POST /form?x=1 name=kit' });
    expect(answer.headers['x-proxy-connection']).toBe('none');
    // A redirect is passed to the browser as it is: the browser's next request comes through the proxy again.
    expect(await throughProxy(proxy, `${allowed.origin}/moved`)).toMatchObject({ status: 302, headers: { location: '/elsewhere' } });
  });

  it('refuses requests to any other origin, which then receives nothing', async () => {
    const answer = await throughProxy(proxy, `${foreign.origin}/steal?cookie=1`);
    expect(answer.status).toBe(403);
    expect(answer.text).toBe(`kit browser sandbox: ${foreign.origin} is not an allowed origin (allowed: ${allowed.origin}).\n`);
    expect((await throughProxy(proxy, '/not-absolute')).status).toBe(400);
    expect(foreign.hits).toEqual([]);
  });

  it('opens tunnels only to the host and port of an allowed origin', async () => {
    expect(await connectThrough(proxy, new URL(allowed.origin).host)).toBe(200);
    expect(await connectThrough(proxy, new URL(foreign.origin).host)).toBe(403);
    expect(await connectThrough(proxy, 'example.com:443')).toBe(403);
    expect(foreign.hits).toEqual([]);
  });

  it('answers 502 with the reason when an allowed origin is down', async () => {
    const down = await recordingServer();
    const policy = OriginPolicy.fromOptions('test', [down.origin]);
    await new Promise((resolve) => down.server.close(resolve));
    const other = await startOriginProxy(policy);
    try {
      const answer = await throughProxy(other, `${down.origin}/`);
      expect(answer.status).toBe(502);
      expect(answer.text).toBe(`kit browser sandbox: ${down.origin} could not be reached (ECONNREFUSED).\n`);
    } finally {
      await other.close();
    }
  });
});
