import { connect, createServer, type Server, type Socket } from 'node:net';

/** A TCP proxy on 127.0.0.1 in front of a server, whose open connections a test can cut, as a dropped network does. */
export interface CuttableProxy {
  /** `http://127.0.0.1:<port>`: the address to give the browser. */
  readonly url: string;
  /** Ends every open connection at once (a browser's open event stream sees its connection drop). */
  cut(): void;
  close(): Promise<void>;
}

/** Starts a proxy to `127.0.0.1:<targetPort>`. */
export async function startCuttableProxy(targetPort: number): Promise<CuttableProxy> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    // A cut connection errors on the other side; that is the point, not a failure of the test.
    socket.on('error', () => socket.destroy());
  };
  const server: Server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    track(client);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    cut: () => {
      for (const socket of sockets) socket.destroy();
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
