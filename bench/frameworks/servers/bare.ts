/**
 * The baseline: node:http with the query checked by hand (no library), the least work a Node process
 * can do to answer the validated route.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { announce } from './listen.js';

const json = { 'content-type': 'application/json; charset=utf-8' };

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname === '/api/health') {
    response.writeHead(200, json).end('{"status":"ok"}');
    return;
  }
  if (url.pathname !== '/api/hello' || request.method !== 'GET') {
    response.writeHead(404, json).end('{"error":"not found"}');
    return;
  }
  const names = [...url.searchParams.keys()];
  const name = url.searchParams.get('name');
  if (names.length !== 1 || name === null || name.length < 1 || name.length > 60) {
    response.writeHead(400, json).end('{"error":"name must be 1 to 60 characters, and nothing else"}');
    return;
  }
  response.writeHead(200, json).end(JSON.stringify({ message: `Hello, ${name}` }));
});
server.listen(0, '127.0.0.1', () => announce((server.address() as AddressInfo).port));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
