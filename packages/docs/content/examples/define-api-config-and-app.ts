// ---
// title: Registering routes in defineConfig and building the app
// description: Collects defineAPI routes under 'METHOD /path' keys in a type-checked configuration, builds the application with createKitApp and calls it in-process with a web Request.
// topics: [defineAPI, routing]
// relatedDocs: /docs/core-concepts#defineconfig
// ---
import { createKitApp, defineAPI, defineConfig } from '@kit/kit-core';
import { z } from 'zod';

const health = defineAPI({
  description: 'Reports that the service is up.',
  capability: 'read',
  output: z.object({ ok: z.boolean() }),
  handler: async () => ({ ok: true }),
});

const echo = defineAPI({
  description: 'Returns the text it receives.',
  capability: 'read',
  input: z.object({ text: z.string().max(200) }),
  output: z.object({ text: z.string() }),
  handler: async ({ input }) => ({ text: input.text }),
});

// defineConfig returns its argument unchanged; it exists so the compiler checks the object.
const config = defineConfig({
  info: { title: 'Echo service', version: '1.0.0', description: 'A two-route example.' },
  routes: {
    'GET /api/health': health,
    'POST /api/echo': echo,
  },
});

const app = createKitApp(config);

// The app answers web Requests directly, which is handy in scripts and tests.
const response = await app.fetch(
  new Request('http://localhost/api/echo', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ text: 'hi' }),
  }),
);
console.log(response.status, await response.json());
