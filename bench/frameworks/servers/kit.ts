/** kit: `createKitApp` with a `defineAPI` route validated by zod, served by `app.listen()`. */
import { createKitApp, defineAPI } from '@kit/kit-core';
import { z } from 'zod';
import { announce, greeting, helloQuery } from './listen.js';

const app = createKitApp({
  routes: {
    'GET /api/health': defineAPI({ input: z.strictObject({}), handler: async () => ({ status: 'ok' }) }),
    'GET /api/hello': defineAPI({ input: helloQuery, handler: async ({ input }) => greeting(input.name) }),
  },
});
const server = await app.listen({ port: 0 });
announce(server.port);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
