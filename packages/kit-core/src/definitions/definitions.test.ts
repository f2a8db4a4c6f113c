import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineAPI } from './define-api.js';
import { defineConfig } from './define-config.js';
import { defineMiddleware } from './define-middleware.js';
import { env } from './env.js';

describe('definitions', () => {
  afterEach(() => {
    delete process.env.KIT_TEST_VALUE;
  });

  it('defineAPI and defineConfig return what they are given', () => {
    const api = defineAPI({ input: z.strictObject({ a: z.string() }), handler: async ({ input }) => input.a });
    const config = { routes: { 'GET /a': api } } as const;
    expect(defineAPI(api)).toBe(api);
    expect(defineConfig(config)).toBe(config);
  });

  it('defineMiddleware accepts a definition or a bare handler', async () => {
    const definition = { name: 'named', handler: async () => new Response('a') };
    expect(defineMiddleware(definition)).toBe(definition);
    async function timing() {
      return new Response('b');
    }
    expect(defineMiddleware(timing).name).toBe('timing');
    expect(defineMiddleware(async () => new Response('c')).name).toBe('anonymous');
  });

  it('env reads a variable, and an unset one as the empty string', () => {
    process.env.KIT_TEST_VALUE = 'x';
    expect(env('KIT_TEST_VALUE')).toBe('x');
    expect(env('KIT_TEST_SURELY_UNSET')).toBe('');
  });
});
