import { createServer, type Server, type ServerResponse } from 'node:http';
import { getRequestListener, type HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { guardHttpServer, problemForRequestError, problemResponse } from '@kit/kit-core/http';
import { sendPageToNode } from '@kit/kit-react/server';
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
 * @hono/node-server leaves a response alone when it is its "already sent" marker, a plain `Response`. Made
 * after the adapter replaced the global `Response` with its own lighter class (another server in the same
 * process did it first), the marker would be one of those and be sent as an empty 200 on top of the page,
 * so pages then go through the adapter like any other response.
 */
const canHandOff = Object.getPrototypeOf(Object.getPrototypeOf(RESPONSE_ALREADY_SENT)) === Object.prototype;

/**
 * Serves a fetch handler over HTTP on a `node:http` server behind kit-core's HTTP guard, so malformed
 * requests are answered with problem documents as a kit app's own server does.
 */
export async function listenFetch(
  fetch: NodeFetch,
  options: { readonly port: number; readonly host: string; readonly methods: () => readonly string[]; readonly component: string },
): Promise<Listening> {
  const answer = async (request: Request, bindings: HttpBindings): Promise<Response> => {
    const response = await fetch(request, bindings);
    // A page kit-react streams goes from React straight into the Node response, headers and all.
    return canHandOff && sendPageToNode(response, bindings.outgoing as ServerResponse) ? RESPONSE_ALREADY_SENT : response;
  };
  const listener = getRequestListener((request, env) => answer(request, env as HttpBindings), {
    errorHandler: (error) => problemForRequestError(error) ?? problemResponse(error),
  });
  const server = createServer({ requireHostHeader: false }, listener);
  guardHttpServer(server, { methods: options.methods });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      const why =
        error.code === 'EADDRINUSE'
          ? `port ${options.port} is taken; stop what uses it or pass another port (0 picks a free one)`
          : `${error.code ?? 'error'}: ${error.message}`;
      reject(
        new KitDevError('listen_failed', `${options.component}: cannot listen on ${options.host}:${options.port}: ${why}`, {
          cause: error,
        }),
      );
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
