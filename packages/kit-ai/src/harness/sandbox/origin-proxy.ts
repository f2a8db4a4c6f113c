import { Agent, createServer, request, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { OriginPolicy } from './origin-policy.js';

/** A running origin proxy. */
export interface OriginProxy {
  /** `http://127.0.0.1:<port>`: the proxy server to give the browser. */
  readonly server: string;
  close(): Promise<void>;
}

/** Headers of one hop of a connection, which a proxy must not pass on. */
const hopHeaders = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !hopHeaders.has(name)));
}

function refuse(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
  response.end(`${text}\n`);
}

/**
 * Starts the loopback HTTP proxy every request of a sandboxed browser goes through, and which forwards
 * only those to the allowed origins. It is the layer that holds where the context's routing does not
 * look: Playwright routes only the first request of a redirect chain, so a page at an allowed origin that
 * redirects elsewhere would otherwise reach the other origin. It also stops the browser's own background
 * traffic (updates, sign-in checks). Plain http requests to other origins get a 403 page; tunnels
 * (CONNECT, for https and WebSockets) to other hosts are refused.
 */
export async function startOriginProxy(policy: OriginPolicy): Promise<OriginProxy> {
  // An agent of its own, so closing the proxy closes its kept-alive upstream connections too.
  const agent = new Agent({ keepAlive: true });
  const sockets = new Set<Duplex>();
  const track = (socket: Duplex): void => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };

  const forward = (incoming: IncomingMessage, response: ServerResponse): void => {
    let target: URL;
    try {
      target = new URL(incoming.url ?? '');
    } catch {
      refuse(response, 400, 'kit browser sandbox: this proxy takes absolute http URLs only.');
      return;
    }
    if (target.protocol !== 'http:' || !policy.allowsRequest(target.href)) {
      refuse(response, 403, `kit browser sandbox: ${target.origin} is not an allowed origin (allowed: ${policy.describe()}).`);
      return;
    }
    const upstream = request(
      {
        agent,
        hostname: target.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: target.port || 80,
        method: incoming.method,
        path: `${target.pathname}${target.search}`,
        headers: endToEnd(incoming.headers),
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.headers));
        answer.pipe(response);
      },
    );
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (response.headersSent) response.destroy();
      else refuse(response, 502, `kit browser sandbox: ${target.origin} could not be reached (${error.code ?? error.message}).`);
    });
    response.on('close', () => upstream.destroy());
    incoming.pipe(upstream);
  };

  const tunnel = (incoming: IncomingMessage, client: Duplex, head: Buffer): void => {
    track(client);
    const target = incoming.url ?? '';
    if (!policy.allowsTunnel(target)) {
      client.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    const separator = target.lastIndexOf(':');
    const upstream: Socket = connect(Number(target.slice(separator + 1)), target.slice(0, separator).replace(/^\[(.*)\]$/, '$1'), () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    track(upstream);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
  };

  const server = createServer(forward);
  server.on('connect', tunnel);
  server.on('connection', track);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    server: `http://127.0.0.1:${port}`,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      agent.destroy();
      await closed;
    },
  };
}
