// ---
// title: Testing routes in process with app.fetch
// description: A vitest file that builds the application once and sends web Requests to it with fetch, checking a valid call and a call whose input fails the route's schema, without opening a port.
// topics: [testing, defineAPI]
// relatedDocs: /docs/testing#testing-routes
// ---
import { createKitApp, defineAPI, defineConfig } from '@kit/kit-core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

const add = defineAPI({
  description: 'Adds two integers.',
  capability: 'read',
  input: z.object({ a: z.number().int(), b: z.number().int() }),
  output: z.object({ sum: z.number() }),
  handler: async ({ input }) => ({ sum: input.a + input.b }),
});

const app = createKitApp(defineConfig({ routes: { 'POST /api/add': add } }));

function post(path: string, body: unknown): Promise<Response> {
  return app.fetch(
    new Request(`http://test.local${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
}

describe('POST /api/add', () => {
  it('returns the sum of valid input', async () => {
    const response = await post('/api/add', { a: 2, b: 3 });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ sum: 5 });
  });

  it('rejects input that does not match the schema before the handler runs', async () => {
    const response = await post('/api/add', { a: 'two', b: 3 });
    expect(response.ok).toBe(false);
  });
});
