import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineAPI } from '../definitions/define-api.js';
import { KitError } from '../errors/kit-error.js';
import { CapabilityRegistry } from '../registry/capability-registry.js';
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

const jsonBody = (value: unknown) => new Response(JSON.stringify(value)).body;

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
    expect(Object.getPrototypeOf(input)).toBeNull();
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
    const error = await readInput(request, item, new Response('{"title":').body, undefined, { id: '7' }).catch((thrown: unknown) => thrown);
    expect((error as KitError).message).toBe('The request body is not valid JSON; send a JSON object such as {"title":"…"}.');
  });
});
