// ---
// title: A WebSocket chat room behind authentication
// description: Serves a defineWebSocket endpoint with one WebSocketRoom per path parameter on app.listen({ port 0 }), refuses an upgrade without credentials with a 401 from the middleware, broadcasts between two connected clients, then closes the server.
// topics: [routing, authentication]
// relatedDocs: /docs/routing#definewebsocket
// ---
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import type { Duplex } from 'node:stream';
import { createKitApp, defineMiddleware, defineWebSocket, KitError, WebSocketRoom } from '@kit/kit-core';

// A stand-in for createAuthMiddleware of @kit/kit-auth: "Authorization: Bearer <name>" signs <name> in.
const demoSignIn = defineMiddleware({
  name: 'demo-sign-in',
  authenticate: async ({ request, ctx }) => {
    const name = /^Bearer (\w+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
    return name ? { ...ctx, authType: 'human', auth: { subject: `user:${name}`, method: 'session', permissions: [] } } : ctx;
  },
  handler: async ({ next }) => next(),
});

// Upgrade requests pass through the middleware like any request: this one refuses anonymous callers.
const signedInOnly = defineMiddleware({
  name: 'signed-in-only',
  handler: async ({ ctx, next }) => {
    if (!ctx.auth) throw new KitError('unauthorized', 'Sign in to join a chat room.');
    return next();
  },
});

const rooms = new Map<string, WebSocketRoom>();
const roomOf = (name: string) => rooms.get(name) ?? rooms.set(name, new WebSocketRoom(name)).get(name)!;

const chat = defineWebSocket(
  '/ws/rooms/:room',
  {
    open: (socket) => {
      roomOf(socket.params.room!).join(socket);
      socket.send({ type: 'joined', room: socket.params.room, as: socket.ctx.auth?.subject });
    },
    message: (socket, data) => {
      roomOf(socket.params.room!).broadcast({ type: 'message', from: socket.ctx.auth?.subject, text: String(data) }, { except: socket });
    },
  },
  { maxPayloadBytes: 16 * 1024 },
);

const app = createKitApp({ routes: {}, middleware: [demoSignIn, signedInOnly], websockets: [chat] });
const server = await app.listen({ port: 0 });

/** A minimal WebSocket client on node:http (browsers and Node 22 have a global WebSocket). */
interface Client {
  readonly messages: AsyncIterator<string>;
  send(text: string): void;
  end(): void;
}

function connect(path: string, headers: Record<string, string> = {}): Promise<Client | number> {
  return new Promise((resolve, reject) => {
    const upgrade = request({
      host: '127.0.0.1',
      port: server.port,
      path,
      headers: { connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': randomBytes(16).toString('base64'), ...headers },
    });
    upgrade.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0); // refused: the status of the problem document
    });
    upgrade.on('upgrade', (_response, socket: Duplex, head: Buffer) => resolve(client(socket, head)));
    upgrade.on('error', reject);
    upgrade.end();
  });
}

function client(socket: Duplex, head: Buffer): Client {
  const queue: string[] = [];
  const waiting: ((text: string) => void)[] = [];
  let buffered = head;
  const onData = (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    // Server frames are unmasked; these messages are short (payload length below 126).
    while (buffered.length >= 2 && buffered.length >= 2 + (buffered[1]! & 0x7f)) {
      const opcode = buffered[0]! & 0x0f;
      const length = buffered[1]! & 0x7f;
      const payload = buffered.subarray(2, 2 + length).toString('utf8');
      buffered = buffered.subarray(2 + length);
      if (opcode === 0x8) socket.destroy(); // a close frame: the server is going away
      else if (opcode === 0x1) waiting.length > 0 ? waiting.shift()!(payload) : queue.push(payload);
    }
  };
  socket.on('data', onData);
  if (head.length > 0) onData(Buffer.alloc(0));
  return {
    messages: { next: () => new Promise((done) => (queue.length > 0 ? done(queue.shift()!) : waiting.push(done))).then((value) => ({ value: value as string, done: false })) },
    send(text) {
      // Client frames are masked: FIN + text opcode, mask bit + length, the 4-byte mask, the masked payload.
      const payload = Buffer.from(text);
      const mask = randomBytes(4);
      socket.write(Buffer.concat([Buffer.from([0x81, 0x80 | payload.length]), mask, payload.map((byte, index) => byte ^ mask[index % 4]!)]));
    },
    end: () => socket.destroy(),
  };
}

// Without credentials the upgrade is refused over HTTP by the middleware, before any connection exists.
console.log('anonymous:', await connect('/ws/rooms/support')); // anonymous: 401

const ada = (await connect('/ws/rooms/support', { authorization: 'Bearer ada' })) as Client;
const bob = (await connect('/ws/rooms/support', { authorization: 'Bearer bob' })) as Client;
console.log((await ada.messages.next()).value); // {"type":"joined","room":"support","as":"user:ada"}
console.log((await bob.messages.next()).value); // {"type":"joined","room":"support","as":"user:bob"}
console.log('members:', roomOf('support').size); // members: 2

ada.send('Is the outage over?');
console.log((await bob.messages.next()).value); // {"type":"message","from":"user:ada","text":"Is the outage over?"}

// close() sends 1001 (going away) to every connection, waits for them, then stops the HTTP server.
await server.close();
ada.end();
bob.end();
console.log('members after close:', roomOf('support').size); // members after close: 0
