/**
 * Fastify 5 with a JSON-schema querystring (its own validator, compiled once). Fastify's validator
 * drops unknown properties by default; here it refuses them, as the other three servers do.
 */
import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import { announce, greeting } from './listen.js';

const app = Fastify({ logger: false, ajv: { customOptions: { removeAdditional: false } } });
app.get('/api/health', async () => ({ status: 'ok' }));
app.get<{ Querystring: { name: string } }>(
  '/api/hello',
  {
    schema: {
      querystring: {
        type: 'object',
        properties: { name: { type: 'string', minLength: 1, maxLength: 60 } },
        required: ['name'],
        additionalProperties: false,
      },
    },
  },
  async (request) => greeting(request.query.name),
);
await app.listen({ port: 0, host: '127.0.0.1' });
announce((app.server.address() as AddressInfo).port);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
