import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

/** Headers that describe the connection, not the answer; the raw answer sets its own `Connection`. */
const connectionHeaders = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'upgrade']);

/**
 * Writes a Fetch `Response` on a socket taken over from Node's HTTP server (an upgrade request), as
 * an HTTP/1.1 answer that closes the connection. With `stream` the body is copied as it comes
 * (delimited by the close, for an endless event stream too); otherwise it is read whole and sent
 * with its `Content-Length`.
 */
export async function writeResponse(
  socket: Duplex,
  response: Response,
  options: { readonly head: boolean; readonly stream: boolean },
): Promise<void> {
  const lines = [`HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? 'Unknown'}`];
  response.headers.forEach((value, name) => {
    if (name !== 'set-cookie' && !connectionHeaders.has(name)) lines.push(`${name}: ${value}`);
  });
  for (const cookie of response.headers.getSetCookie()) lines.push(`set-cookie: ${cookie}`);
  lines.push('connection: close');
  try {
    if (options.head || !response.body) {
      await response.body?.cancel().catch(() => undefined);
      if (!options.head) lines.push('content-length: 0');
      finish(socket, `${lines.join('\r\n')}\r\n\r\n`);
      return;
    }
    if (!options.stream) {
      const body = Buffer.from(await response.arrayBuffer());
      lines.push(`content-length: ${body.length}`);
      finish(socket, Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`), body]));
      return;
    }
    if (!socket.writable) return void (await response.body.cancel().catch(() => undefined));
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done || !socket.writable) break;
        if (!socket.write(value)) await drained(socket);
      }
    } finally {
      await reader.cancel().catch(() => undefined);
    }
    finish(socket);
  } catch {
    // The body failed midway or the peer left: the connection cannot carry a well-formed answer any more.
    socket.destroy();
  }
}

/** Ends the connection after `last`; a peer that never reads it does not hold the socket open. */
function finish(socket: Duplex, last?: string | Buffer): void {
  if (socket.writable) {
    if (last === undefined) socket.end();
    else socket.end(last);
  }
  setTimeout(() => socket.destroy(), 2_000).unref();
}

function drained(socket: Duplex): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      socket.off('drain', done);
      socket.off('close', done);
      resolve();
    };
    socket.on('drain', done);
    socket.on('close', done);
  });
}
