// ---
// title: A production entry point with createKitApp
// description: Builds the application from its configuration, listens on the port given in the environment and closes the server cleanly when the process is asked to stop.
// topics: [deployment]
// relatedDocs: /docs/core-concepts#createkitapp
// ---
import { createKitApp, defineAPI, defineConfig, env } from '@kit/kit-core';
import { z } from 'zod';

const config = defineConfig({
  info: { title: 'Tickets', version: env('APP_VERSION') || '0.0.0' },
  routes: {
    'GET /api/health': defineAPI({
      description: 'Liveness probe for the load balancer.',
      capability: 'read',
      output: z.object({ ok: z.literal(true) }),
      handler: async () => ({ ok: true as const }),
    }),
  },
});

// env() returns '' when a variable is unset, so fall back explicitly.
const port = Number(env('PORT') || '3000');
const host = env('HOST') || '0.0.0.0';

const server = await createKitApp(config).listen({ port, host });
console.log(`listening on ${host}:${server.port}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void server.close().then(() => process.exit(0));
  });
}
