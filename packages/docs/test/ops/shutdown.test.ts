import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sendRaw } from '../../../../test-support/http.js';
import { spawnServe, stopProcess, type ServeProcess } from './support.js';

/** Sends the head of a GET with a JSON body and holds the body back, so the request stays in flight. */
function startSlowRequest(port: number, body: string) {
  const socket = connect(port, '127.0.0.1');
  let response = '';
  socket.on('data', (chunk) => (response += chunk.toString('utf8')));
  const ended = new Promise<string>((resolve) => socket.once('close', () => resolve(response)));
  socket.write(
    `GET /api/search HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
  );
  socket.write(body.slice(0, 5));
  return { finish: () => socket.end(body.slice(5)), ended };
}

describe.each(['SIGTERM', 'SIGINT'] as const)('shutdown on %s', (signal) => {
  let serve: ServeProcess | undefined;
  afterEach(() => stopProcess(serve));

  it('stops accepting, finishes the request in flight and exits 0', async () => {
    serve = await spawnServe(['--workers', '1']);
    expect((await sendRaw(`${serve.base}/api/health`)).status).toBe(200);
    const slow = startSlowRequest(serve.port, JSON.stringify({ q: 'graceful shutdown' }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    serve.child.kill(signal);
    await serve.waitFor(() => serve!.stderr().includes(`${signal} received`));
    // New connections are refused once the listener is closed.
    await expect(sendRaw(`${serve.base}/api/health`)).rejects.toThrow(/ECONNREFUSED|ECONNRESET|socket hang up/);
    slow.finish();
    const answer = await slow.ended;
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain('"query":"graceful shutdown"');
    expect(await serve.exited).toBe(0);
  });
});
