import { createServer, type Server } from 'node:http';
import { getRequestListener, type HttpBindings } from '@hono/node-server';
import { guardHttpServer, problemForRequestError, problemResponse } from '@kit/kit-core';
import { KitDevError } from '../errors/kit-dev-error.js';

/** A fetch handler that also receives the Node request and response. */
export type NodeFetch = (request: Request, bindings: HttpBindings) => Promise<Response>;

/** A server listening for a fetch handler. */
export interface Listening {
  readonly server: Server;
  readonly port: number;
  /** Stops accepting connections; open ones get a second to finish, then are cut. */
  close(): Promise<void>;
}

/**
 * Serves a fetch handler over HTTP on a `node:http` server behind kit-core's HTTP guard, so malformed
 * requests are answered with problem documents as a kit app's own server does.
 */
export async function listenFetch(fetch: NodeFetch, options: { readonly port: number; readonly host: string; readonly methods: () => readonly string[]; readonly component: string }): Promise<Listening> {
  const listener = getRequestListener((request, env) => fetch(request, env as HttpBindings), { errorHandler: (error) => problemForRequestError(error) ?? problemResponse(error) });
  const server = createServer({ requireHostHeader: false }, listener);
  guardHttpServer(server, { methods: options.methods });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      const why = error.code === 'EADDRINUSE' ? `port ${options.port} is taken; stop what uses it or pass another port (0 picks a free one)` : `${error.code ?? 'error'}: ${error.message}`;
      reject(new KitDevError('listen_failed', `${options.component}: cannot listen on ${options.host}:${options.port}: ${why}`, { cause: error }));
    });
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  return {
    server,
    port: typeof address === 'object' && address ? address.port : options.port,
    close: () =>
      new Promise<void>((resolve) => {
        const cut = setTimeout(() => server.closeAllConnections(), 1000);
        cut.unref();
        server.close(() => {
          clearTimeout(cut);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
