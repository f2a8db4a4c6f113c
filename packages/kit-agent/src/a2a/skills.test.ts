import { createKitApp, defineAPI } from '@kit/kit-core';
import { isKitAIError } from '@kit/kit-ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { inputSummary, skillRoutes, textField } from './skills.js';

const app = createKitApp({
  routes: {
    'GET /api/docs': defineAPI({
      description: 'Lists documents.',
      input: z.strictObject({ slug: z.string().optional() }),
      handler: async () => ({}),
    }),
    'GET /api/examples': defineAPI({
      capability: 'write',
      input: z.strictObject({ topic: z.string(), limit: z.number().int().default(5) }),
      handler: async () => ({}),
    }),
    'GET /api/count': defineAPI({ input: z.strictObject({ n: z.number() }), handler: async () => ({}) }),
    'GET /api/pair': defineAPI({ input: z.strictObject({ a: z.string(), b: z.string() }), handler: async () => ({}) }),
    'GET /api/health': defineAPI({ handler: async () => ({}) }),
  },
});
const [docs, examples, count, pair, health] = app.registry.routes;

describe('textField', () => {
  it('is the only required field, when it is a string', () => {
    expect([docs, examples, count, pair, health].map((route) => textField(route!))).toEqual([
      undefined,
      'topic',
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('inputSummary', () => {
  it('names each field with its JSON type, the required ones marked, and the text field', () => {
    expect(inputSummary(examples!)).toBe(
      'Input: a JSON object with topic (string, required), limit (integer), in a data part or as JSON text. Plain text is taken as topic.',
    );
    expect(inputSummary(pair!)).toBe(
      'Input: a JSON object with a (string, required), b (string, required), in a data part or as JSON text.',
    );
    expect(inputSummary(health!)).toBe('Input: none; send an empty data part {} or no parts.');
  });
});

describe('skillRoutes', () => {
  it('keeps the routes the filter accepts, in registration order, and refuses an empty selection', () => {
    expect(skillRoutes('test', app.registry, undefined)).toHaveLength(5);
    expect(skillRoutes('test', app.registry, (route) => route.path.endsWith('s')).map((route) => route.operationId)).toEqual([
      'get_api_docs',
      'get_api_examples',
    ]);
    const seen: string[] = [];
    skillRoutes('test', app.registry, (route) => {
      seen.push(`${route.operationId}:${route.capability}:${route.description ?? '-'}`);
      return true;
    });
    expect(seen).toEqual([
      'get_api_docs:read:Lists documents.',
      'get_api_examples:write:-',
      'get_api_count:read:-',
      'get_api_pair:read:-',
      'get_api_health:read:-',
    ]);
    let error: unknown;
    try {
      skillRoutes('test', app.registry, () => false);
    } catch (caught) {
      error = caught;
    }
    expect(isKitAIError(error, 'invalid_config')).toBe(true);
  });
});
