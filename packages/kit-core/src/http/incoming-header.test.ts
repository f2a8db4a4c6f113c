import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sendRaw } from '../../../../test-support/http.js';
import { createKitApp } from '../app/create-kit-app.js';
import { requestHeaderOf } from './incoming-header.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
});

describe('requestHeaderOf', () => {
  it('reads a fetch request that no Node server made from its Headers', () => {
    const request = new Request('http://localhost/', { headers: { Accept: 'text/html', 'X-Twice': 'a' } });
    expect([requestHeaderOf(request, 'accept'), requestHeaderOf(request, 'X-Twice'), requestHeaderOf(request, 'cookie')]).toEqual([
      'text/html',
      'a',
      null,
    ]);
  });

  it('reads a request a kit app serves from Node, as Headers.get would give it', async () => {
    const app = createKitApp({ routes: {} });
    app.get('/echo', async (request) =>
      Response.json({
        accept: requestHeaderOf(request, 'Accept'),
        twice: requestHeaderOf(request, 'x-twice'),
        missing: requestHeaderOf(request, 'authorization'),
        same: requestHeaderOf(request, 'x-twice') === request.headers.get('x-twice'),
      }),
    );
    const server = createServer(app.requestListener());
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const answer = await sendRaw(`http://127.0.0.1:${port}/echo`, { headers: { Accept: 'text/html', 'X-Twice': 'one' } });
    expect(JSON.parse(answer.text)).toEqual({ accept: 'text/html', twice: 'one', missing: null, same: true });
  });
});
