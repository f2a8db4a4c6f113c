/**
 * Property tests of kit-core's HTTP edge: parameter names and values drawn from the whole string
 * space (prototype keys, lone surrogates, astral characters, thousands of characters), sent in the
 * query string and in a JSON body to an app served over real HTTP. Every answer must be a 200 or a
 * 4xx problem document of the right shape, every unknown name must be refused by name, no problem
 * may echo more than 200 characters of the input, HEAD must agree with GET, and Object.prototype
 * must come out untouched.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  asSent,
  anyString,
  checkEchoBound,
  checkJsonBodyAnswer,
  checkShape,
  jsonBodyEntries,
  jsonObjectText,
  percentEncode,
  prototypeKeys,
  shortened,
} from '../../../../test-support/edge-properties.js';
import { sendRaw } from '../../../../test-support/http.js';
import { defineAPI } from '../definitions/define-api.js';
import { createKitApp } from './create-kit-app.js';
import type { KitServer } from './kit-app.js';

const known = ['q', 'topic', 'limit'] as const;
const app = createKitApp({
  routes: {
    'GET /api/search': defineAPI({
      input: z.strictObject({
        q: z.string().min(1).max(500),
        topic: z.string().max(100).optional(),
        limit: z.number().int().min(1).max(50).default(10),
      }),
      handler: async ({ input }) => ({ query: input.q, limit: input.limit }),
    }),
  },
});

let server: KitServer;
let base: string;
const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();
beforeAll(async () => {
  server = await app.listen({ port: 0 });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  await server.close();
});

const anyName = anyString(known);

describe('kit-core HTTP edge, property-based', () => {
  it('any query string: 200 or a 400 (431) problem; each unknown name refused by name; no long echo', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(anyName, anyName), { minLength: 1, maxLength: 4 }), async (pairs) => {
        const sent = pairs.map(([name, value]) => [asSent(name), asSent(value)] as const);
        const query = sent.map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`).join('&');
        const response = await sendRaw(`${base}/api/search?${query}`);
        // A query string of thousands of percent-encoded characters outgrows the 16 KiB request head: 431.
        const problem = checkShape(response, [200, 400, 431]);
        const names = sent.map(([name]) => name);
        const unknown = names.filter((name) => !(known as readonly string[]).includes(name));
        if (unknown.length > 0) expect([400, 431]).toContain(response.status);
        if (problem) {
          checkEchoBound(problem, sent.flat());
          // Unknown names are reported by schema validation, which runs once every name is unique and `limit` reads as a number.
          const unique = new Set(names).size === names.length;
          if (response.status === 400 && unique && !names.includes('limit'))
            for (const name of unknown) expect(problem.errors?.map((issue) => issue.field)).toContain(shortened(name));
        }
      }),
      { numRuns: 250 },
    );
  });

  it('any JSON body on GET: 200 or a 400 problem; each unknown key refused by name, never as a conflict; no long echo', async () => {
    await fc.assert(
      fc.asyncProperty(jsonBodyEntries(anyName), async (entries) => {
        const response = await sendRaw(`${base}/api/search`, {
          body: jsonObjectText(entries),
          headers: { 'content-type': 'application/json' },
        });
        checkJsonBodyAnswer(response, entries, known, [200, 400]);
      }),
      { numRuns: 250 },
    );
  });

  it('HEAD answers every body and query string with the status GET gives', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.oneof(fc.constantFrom(...known, ...prototypeKeys), fc.string({ maxLength: 8 })), fc.jsonValue({ maxDepth: 1 }), {
          maxKeys: 3,
          noNullPrototype: true,
        }),
        fc.constantFrom('', '?q=a', '?limit=3', '?toString=1'),
        async (fields, query) => {
          const body = JSON.stringify(fields);
          const headers = { 'content-type': 'application/json' };
          const get = await sendRaw(`${base}/api/search${query}`, { body, headers });
          const head = await sendRaw(`${base}/api/search${query}`, { method: 'HEAD', body, headers });
          expect(head.status, `${query} ${body}`).toBe(get.status);
          expect(head.text).toBe('');
        },
      ),
      { numRuns: 120 },
    );
  });

  it('leaves Object.prototype as it was', () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
    const probe: Record<string, unknown> = {};
    for (const key of ['q', 'limit', 'polluted', 'x', '0']) expect(probe[key], key).toBeUndefined();
  });
});
