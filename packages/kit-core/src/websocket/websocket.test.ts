import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener, type HttpBindings } from '@hono/node-server';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, type ClientOptions } from 'ws';
import { createKitApp } from '../app/create-kit-app.js';
import type { KitServer } from '../app/kit-app.js';
import type { KitContext } from '../definitions/context.js';
import { defineAPI } from '../definitions/define-api.js';
import { defineMiddleware } from '../definitions/define-middleware.js';
import type { KitConfig } from '../definitions/define-config.js';
import { KitError } from '../errors/kit-error.js';
import { defineRateLimit } from '../rate-limit/define-rate-limit.js';
import { defineWebSocket, type WebSocketDefinition } from './define-websocket.js';
import type { KitSocket } from './kit-socket.js';
import { WebSocketRoom } from './websocket-room.js';
import { thrownBy } from '../../../../test-support/rejection.js';

const servers: KitServer[] = [];
const clients: WebSocket[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) client.terminate();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(config: Partial<KitConfig> & { websockets: readonly WebSocketDefinition[] }): Promise<string> {
  const server = await createKitApp({ routes: {}, ...config }).listen({ port: 0 });
  servers.push(server);
  return `ws://127.0.0.1:${server.port}`;
}

/** A connected client that collects what it receives. */
async function connect(url: string, options: ClientOptions = {}) {
  const client = new WebSocket(url, options);
  clients.push(client);
  const received: (string | Buffer)[] = [];
  const waiters: (() => void)[] = [];
  client.on('message', (data: Buffer, isBinary: boolean) => {
    received.push(isBinary ? data : data.toString('utf8'));
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    client.on('close', (code, reason) => resolve({ code, reason: reason.toString('utf8') })),
  );
  await new Promise<void>((resolve, reject) => {
    client.once('open', () => resolve());
    client.once('error', reject);
  });
  const next = async (count = received.length + 1) => {
    while (received.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
    return received[count - 1]!;
  };
  return { client, received, closed, next };
}

/** The HTTP answer to an upgrade the server refused. */
function refusal(url: string, options: ClientOptions = {}): Promise<{ status: number; headers: IncomingMessage['headers']; body: string }> {
  return new Promise((resolve, reject) => {
    const client = new WebSocket(url, options);
    clients.push(client);
    client.on('open', () => reject(new Error('the upgrade was accepted')));
    client.on('error', () => undefined);
    client.on('unexpected-response', (_request, response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
  });
}

const tick = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms));

describe('defineWebSocket', () => {
  it('opens, exchanges text, bytes and JSON, and closes, with params and the context of the upgrade', async () => {
    const events: string[] = [];
    const echo = defineWebSocket('/ws/rooms/:room', {
      open: (socket) => {
        events.push(`open ${socket.params.room}`);
        socket.send({ room: socket.params.room, requestId: socket.ctx.requestId, isOpen: socket.isOpen });
      },
      message: async (socket, data) => {
        await tick(5);
        events.push(typeof data === 'string' ? `text ${data}` : `bytes ${data.length}`);
        socket.send(typeof data === 'string' ? data.toUpperCase() : new Uint8Array([...data].reverse()));
      },
      close: (socket, code, reason) => {
        events.push(`close ${code} ${reason} ${socket.isOpen}`);
      },
    });
    const url = await serve({ websockets: [echo] });
    const { client, next, closed } = await connect(`${url}/ws/rooms/caf%C3%A9`, { headers: { 'X-Request-Id': 'upgrade-1' } });
    expect(JSON.parse(String(await next(1)))).toEqual({ room: 'café', requestId: 'upgrade-1', isOpen: true });
    client.send('hello');
    client.send(Buffer.from([1, 2, 3]), { binary: true });
    client.send('again');
    expect(await next(2)).toBe('HELLO');
    expect(await next(3)).toEqual(Buffer.from([3, 2, 1]));
    expect(await next(4)).toBe('AGAIN');
    client.close(4000, 'bye');
    expect(await closed).toEqual({ code: 4000, reason: 'bye' });
    await tick();
    // Handlers of one connection ran one at a time, in order, although `message` awaits.
    expect(events).toEqual(['open café', 'text hello', 'bytes 3', 'text again', 'close 4000 bye false']);
  });

  it('broadcasts through a room to every member, skips `except`, and drops members that close', async () => {
    const room = new WebSocketRoom('chat');
    const delivered: number[] = [];
    const chat = defineWebSocket('/ws/chat', {
      open: (socket) => void room.join(socket),
      message: (socket, data) => void delivered.push(room.broadcast({ text: String(data) }, { except: socket })),
    });
    const url = await serve({ websockets: [chat] });
    const [a, b, c] = await Promise.all([connect(`${url}/ws/chat`), connect(`${url}/ws/chat`), connect(`${url}/ws/chat`)]);
    while (room.size < 3) await tick(5);
    a.client.send('from a');
    expect(JSON.parse(String(await b.next(1)))).toEqual({ text: 'from a' });
    expect(JSON.parse(String(await c.next(1)))).toEqual({ text: 'from a' });
    expect(delivered).toEqual([2]);

    c.client.close();
    await c.closed;
    while (room.size > 2) await tick(5);
    b.client.send('from b');
    expect(JSON.parse(String(await a.next(1)))).toEqual({ text: 'from b' });
    expect(delivered).toEqual([2, 1]);
    expect(a.received).toHaveLength(1);
    expect(c.received).toHaveLength(1);
  });

  it('closes a member that reads too slowly with 1013 instead of queueing without end', async () => {
    const room = new WebSocketRoom('feed', { maxBufferedBytes: 256 * 1024 });
    const members: KitSocket[] = [];
    const feed = defineWebSocket(
      '/ws/feed',
      { open: (socket) => void (room.join(socket), members.push(socket)) },
      { maxPayloadBytes: 1024 * 1024 },
    );
    const url = await serve({ websockets: [feed] });
    const slow = await connect(`${url}/ws/feed`, { maxPayload: 1024 * 1024 });
    const fast = await connect(`${url}/ws/feed`, { maxPayload: 1024 * 1024 });
    while (room.size < 2) await tick(5);
    slow.client.pause();
    const chunk = new Uint8Array(512 * 1024);
    let sent = 0;
    while (room.size === 2 && sent < 200) {
      room.broadcast(chunk);
      sent++;
      await tick(1);
    }
    expect(room.size).toBe(1);
    expect(room.has(members[1]!)).toBe(true);
    slow.client.resume();
    expect((await slow.closed).code).toBe(1013);
    await fast.next(sent);
  });

  it('puts the upgrade through authentication, rate limits and middleware, answering refusals over HTTP', async () => {
    const seen: KitContext[] = [];
    const guarded = defineWebSocket('/ws/private', { open: (socket) => void seen.push(socket.ctx) });
    const auth = defineMiddleware({
      name: 'token',
      handler: async ({ next }) => next(),
      authenticate: async ({ request, ctx }) => {
        const token = new URL(request.url).searchParams.get('token');
        if (token === null) return ctx;
        if (token !== 'agent-key')
          throw new KitError('unauthorized', 'Unknown token; send a valid API key.', { headers: { 'WWW-Authenticate': 'Bearer' } });
        return { ...ctx, authType: 'agent', auth: { subject: 'agent:bot', method: 'api_key', permissions: [] } };
      },
    });
    const agentsOnly = defineMiddleware({
      name: 'agents-only',
      handler: async ({ ctx, next }) => {
        if (ctx.authType !== 'agent') throw new KitError('forbidden', 'Only agents may connect here.');
        const response = await next();
        response.headers.set('X-Checked', 'yes');
        return response;
      },
    });
    const url = await serve({
      websockets: [guarded],
      middleware: [auth, agentsOnly],
      rateLimit: defineRateLimit({ default: { requests: 100, window: '1m' }, perAuthType: { agent: { requests: 2, window: '1m' } } }),
    });

    const forged = await refusal(`${url}/ws/private?token=wrong`);
    expect(forged.status).toBe(401);
    expect(forged.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(forged.headers['www-authenticate']).toBe('Bearer');
    expect(JSON.parse(forged.body)).toMatchObject({ status: 401, detail: 'Unknown token; send a valid API key.' });

    const anonymous = await refusal(`${url}/ws/private`);
    expect(anonymous.status).toBe(403);
    expect(JSON.parse(anonymous.body).detail).toBe('Only agents may connect here.');

    const upgraded = new Promise<IncomingMessage>((resolve) => {
      const client = new WebSocket(`${url}/ws/private?token=agent-key`);
      clients.push(client);
      client.on('upgrade', resolve);
    });
    const response = await upgraded;
    // Headers the app put on the accepted upgrade reach the client's 101.
    expect(response.headers['x-checked']).toBe('yes');
    expect(response.headers['ratelimit-remaining']).toBe('1');
    expect(response.headers['x-request-id']).toMatch(/^[\w-]{36}$/);
    while (seen.length < 1) await tick(5);
    expect(seen[0]).toMatchObject({ authType: 'agent', auth: { subject: 'agent:bot' } });

    await connect(`${url}/ws/private?token=agent-key`);
    const limited = await refusal(`${url}/ws/private?token=agent-key`);
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('answers an unknown path 404 and a foreign browser origin 403, and lets the own and allowed origins in', async () => {
    const open = defineWebSocket('/ws/open', { open: (socket) => void socket.send('hi') }, { allowedOrigins: ['https://app.example.com'] });
    const url = await serve({ websockets: [open] });
    const unknown = await refusal(`${url}/ws/nowhere`);
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body)).toMatchObject({
      type: '/problems/not-found',
      detail: 'No WebSocket endpoint at "/ws/nowhere"; connect to one of /ws/open.',
    });

    const hijack = await refusal(`${url}/ws/open`, { origin: 'https://evil.example' });
    expect(hijack.status).toBe(403);
    expect(JSON.parse(hijack.body).detail).toBe(
      'A page at "https://evil.example" may not open "/ws/open"; add its origin to allowedOrigins of defineWebSocket if it should.',
    );

    const host = new URL(url).host;
    expect(await (await connect(`${url}/ws/open`, { origin: `http://${host}` })).next(1)).toBe('hi');
    expect(await (await connect(`${url}/ws/open`, { origin: 'https://app.example.com' })).next(1)).toBe('hi');
    // Programs that send no Origin are not browsers and carry no ambient cookies.
    expect(await (await connect(`${url}/ws/open`)).next(1)).toBe('hi');
  });

  it('closes a connection that sends a message over maxPayloadBytes with 1009', async () => {
    const errors: Error[] = [];
    const small = defineWebSocket(
      '/ws/small',
      { message: (socket, data) => void socket.send(data), error: (_socket, error) => void errors.push(error) },
      { maxPayloadBytes: 1024 },
    );
    const url = await serve({ websockets: [small] });
    const { client, next, closed } = await connect(`${url}/ws/small`);
    client.send('x'.repeat(1024));
    expect(await next(1)).toBe('x'.repeat(1024));
    client.send('x'.repeat(1025));
    expect((await closed).code).toBe(1009);
    await tick();
    expect(errors.map((error) => (error as Error & { code?: string }).code)).toEqual(['WS_ERR_UNSUPPORTED_MESSAGE_LENGTH']);
  });

  it('reports a handler that throws, closes that connection with 1011 and keeps serving', async () => {
    const reported: { error: unknown; ctx: KitContext }[] = [];
    const fragile = defineWebSocket('/ws/fragile', {
      message: (socket, data) => {
        if (data === 'boom') throw new Error('handler bug');
        socket.send(`ok ${String(data)}`);
      },
    });
    const url = await serve({ websockets: [fragile], onError: (error, ctx) => void reported.push({ error, ctx }) });
    const first = await connect(`${url}/ws/fragile`);
    first.client.send('boom');
    expect(await first.closed).toEqual({ code: 1011, reason: 'Internal error' });
    expect((reported[0]?.error as Error).message).toBe('handler bug');
    const second = await connect(`${url}/ws/fragile`);
    second.client.send('fine');
    expect(await second.next(1)).toBe('ok fine');
  });

  it('ends peers that stop answering pings', async () => {
    const beating = defineWebSocket('/ws/beat', {}, { heartbeatMs: 40 });
    const url = await serve({ websockets: [beating] });
    const live = await connect(`${url}/ws/beat`);
    const dead = await connect(`${url}/ws/beat`, { autoPong: false });
    expect((await dead.closed).code).toBe(1006);
    expect(live.client.readyState).toBe(WebSocket.OPEN);
  });

  it('closes every connection with 1001 when the server closes, promptly', async () => {
    const closedOnServer: number[] = [];
    const stay = defineWebSocket('/ws/stay', { close: (_socket, code) => void closedOnServer.push(code) });
    const server = await createKitApp({ routes: {}, websockets: [stay] }).listen({ port: 0 });
    const url = `ws://127.0.0.1:${server.port}/ws/stay`;
    const peers = await Promise.all([connect(url), connect(url), connect(url)]);
    const started = Date.now();
    await server.close();
    expect(Date.now() - started).toBeLessThan(900);
    expect((await Promise.all(peers.map((peer) => peer.closed))).map((closed) => closed.code)).toEqual([1001, 1001, 1001]);
    expect(closedOnServer).toEqual([1001, 1001, 1001]);
  });

  it('still closes promptly when a peer never answers the closing handshake', async () => {
    const stay = defineWebSocket('/ws/stay', {});
    const server = await createKitApp({ routes: {}, websockets: [stay] }).listen({ port: 0 });
    const peer = await connect(`ws://127.0.0.1:${server.port}/ws/stay`);
    peer.client.pause();
    const started = Date.now();
    await server.close();
    expect(Date.now() - started).toBeLessThan(2_500);
    peer.client.resume();
    expect((await peer.closed).code).not.toBe(1000);
  });

  it('answers a request that asks to upgrade to another protocol as a plain request', async () => {
    const app = createKitApp({
      routes: { 'GET /api/hello': defineAPI({ handler: async () => ({ hello: 'world' }) }) },
      websockets: [defineWebSocket('/ws', {})],
    });
    const server = await app.listen({ port: 0 });
    servers.push(server);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port: server.port,
          path: '/api/hello',
          headers: { Connection: 'Upgrade, HTTP2-Settings', Upgrade: 'h2c', 'HTTP2-Settings': 'AAMAAABkAAQAoAAAAAIAAAAA' },
        },
        (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      request.on('error', reject);
      request.end();
    });
    expect(answer).toEqual({ status: 200, body: '{"hello":"world"}' });
  });

  it('serves the endpoints on a Node server of your own with serveWebSockets, through the middleware, and closes them', async () => {
    const app = createKitApp({
      routes: {},
      middleware: [
        defineMiddleware({
          name: 'tag',
          handler: async ({ next }) => {
            const response = await next();
            response.headers.set('x-tag', 'own');
            return response;
          },
        }),
      ],
      websockets: [defineWebSocket('/ws/echo', { message: (socket, data) => void socket.send(data) })],
    });
    const server = createServer(getRequestListener((request, env) => app.fetch(request, env as HttpBindings)));
    const websockets = app.serveWebSockets(server);
    expect(websockets).toBeDefined();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const upgraded = new Promise<IncomingMessage>((resolve) => {
        const client = new WebSocket(`ws://127.0.0.1:${port}/ws/echo`);
        clients.push(client);
        client.once('upgrade', resolve);
      });
      expect((await upgraded).headers['x-tag']).toBe('own');
      const { client, next, closed } = await connect(`ws://127.0.0.1:${port}/ws/echo`);
      client.send('hello');
      expect(await next()).toBe('hello');
      await websockets!.close();
      expect((await closed).code).toBe(1001);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    expect(createKitApp({ routes: {} }).serveWebSockets(createServer())).toBeUndefined();
  });

  it('rejects bad definitions with a TypeError naming the fix', () => {
    expect(thrownBy(() => defineWebSocket('ws', {}), TypeError).message).toBe(
      'defineWebSocket: path must start with "/", such as "/ws/chat", got "ws"',
    );
    expect(thrownBy(() => defineWebSocket('/ws', { onmessage: () => undefined } as never), TypeError).message).toBe(
      'defineWebSocket: /ws has unknown handler "onmessage"; the handlers are open, message, close, error',
    );
    expect(thrownBy(() => defineWebSocket('/ws', {}, { maxPayloadBytes: 0 }), TypeError).message).toContain(
      'maxPayloadBytes of /ws must be a positive whole number of bytes',
    );
    expect(thrownBy(() => defineWebSocket('/ws', {}, { heartbeatMs: -1 }), TypeError).message).toContain(
      'heartbeatMs of /ws must be a whole number of milliseconds',
    );
    expect(thrownBy(() => defineWebSocket('/ws', {}, { allowedOrigins: ['https://app.example.com/path'] }), TypeError).message).toContain(
      'allowedOrigins of /ws must be origins',
    );
    expect(defineWebSocket('/ws', {}, { allowedOrigins: ['HTTPS://App.Example.com:443'] }).options).toEqual({
      maxPayloadBytes: 1_048_576,
      heartbeatMs: 30_000,
      allowedOrigins: ['https://app.example.com'],
    });
  });
});
