import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineAPI } from '../definitions/define-api.js';
import { KitError } from '../errors/kit-error.js';
import { CapabilityRegistry } from '../registry/capability-registry.js';
import { openRequestBody } from './body-guard.js';
import { readInput } from './read-input.js';

const registry = new CapabilityRegistry();
const list = registry.register(
  'GET',
  '/api/items',
  defineAPI({
    input: z.strictObject({ q: z.string().optional(), limit: z.number().int().optional(), open: z.boolean().optional() }),
    handler: async () => ({}),
  }),
);
const item = registry.register(
  'PATCH',
  '/api/items/:id',
  defineAPI({ input: z.strictObject({ id: z.number().int(), title: z.string().optional() }), handler: async () => ({}) }),
);

/** A body as a route reads it from a fetch request. */
const bodyOf = (text: string) => openRequestBody(new Request('http://localhost/', { method: 'POST', body: text }), undefined);
const jsonBody = (value: unknown) => bodyOf(JSON.stringify(value));

/** The field issues of a read that fails. */
async function issuesOf(read: Promise<unknown>): Promise<unknown> {
  const error = await read.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(KitError);
  return (error as KitError).issues;
}

describe('readInput', () => {
  it('converts query parameters to the types of their schema, and reads no fragment', async () => {
    const input = await readInput(new Request('http://localhost/api/items?q=a%20b&limit=5&open=true#top'), list, null);
    expect({ ...input }).toEqual({ q: 'a b', limit: 5, open: true });
    // It inherits nothing, so a parameter named after an Object.prototype member is an own key or absent.
    expect('toString' in input).toBe(false);
    expect(input.constructor).toBeUndefined();
    expect(Object.getPrototypeOf(Object.getPrototypeOf(input))).toBeNull();
  });

  it('reads `__proto__` and `constructor` as ordinary parameters', async () => {
    const open = registry.register('GET', '/api/open', defineAPI({ input: z.looseObject({}), handler: async () => ({}) }));
    const input = await readInput(new Request('http://localhost/api/open?__proto__=x&constructor=y'), open, null);
    expect(Object.keys(input)).toEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(Object.getPrototypeOf(input))).toBeNull();
  });

  it('splits a query string exactly as URLSearchParams reads it', async () => {
    const open = registry.get('get_api_open')!;
    // Characters that matter to the split (separators, escapes) among ordinary ones.
    const part = fc.stringMatching(/^[a-z=&%+#?;._ 0-9A-F-]{0,12}$/);
    await fc.assert(
      fc.asyncProperty(part, async (search) => {
        const request = new Request(`http://localhost/api/open?${search}`);
        const expected = new Map<string, string>();
        const repeated = new Set<string>();
        for (const [name, value] of new URL(request.url).searchParams) {
          if (expected.has(name)) repeated.add(name);
          else expected.set(name, value);
        }
        const read = readInput(request, open, null);
        if (repeated.size > 0) return void (await expect(read).rejects.toBeInstanceOf(KitError));
        const input = await read;
        expect(new Map(Object.entries(input))).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses a parameter given twice, naming it once, beside the other bad ones', async () => {
    const read = readInput(new Request('http://localhost/api/items?q=a&limit=x&q=b&q=c'), list, null);
    expect(await issuesOf(read)).toEqual([
      { field: 'q', message: 'is given more than once in the query string; send it once' },
      { field: 'limit', message: 'must be a whole number written in digits, got "x"' },
    ]);
  });

  it('merges path values, query and JSON body, and refuses one field with two values', async () => {
    const headers = { 'content-type': 'application/json' };
    const request = new Request('http://localhost/api/items/7', { method: 'PATCH', headers, body: '{}' });
    expect({ ...(await readInput(request, item, jsonBody({ title: 'T' }), undefined, { id: '7' })) }).toEqual({ id: 7, title: 'T' });
    const conflicting = readInput(request, item, jsonBody({ id: 8 }), undefined, { id: '7' });
    expect(await issuesOf(conflicting)).toEqual([
      { field: 'id', message: 'is given in the path and in the body with different values; send it once, in the path' },
    ]);
  });

  it('answers a malformed body with an example made of the route’s own parameters', async () => {
    const request = new Request('http://localhost/api/items/7', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    const error = await readInput(request, item, bodyOf('{"title":'), undefined, { id: '7' }).catch((thrown: unknown) => thrown);
    expect((error as KitError).message).toBe('The request body is not valid JSON; send a JSON object such as {"title":"…"}.');
  });
});
