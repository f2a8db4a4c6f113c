/** Hono 4 on @hono/node-server, the query validated with zod through @hono/zod-validator. */
import { serve } from '@hono/node-server';
import { zValidator } from '@hono/zod-validator';
import { Hono } from 'hono';
import { announce, greeting, helloQuery } from './listen.js';

const app = new Hono();
app.get('/api/health', (c) => c.json({ status: 'ok' }));
app.get('/api/hello', zValidator('query', helloQuery), (c) => c.json(greeting(c.req.valid('query').name)));

const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => announce(info.port));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
