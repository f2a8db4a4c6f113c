import * as errors from '@a2a-js/sdk/errors';
import { createKitApp, defineAPI } from '@kit/kit-core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkInput } from './check-input.js';

const app = createKitApp({
  routes: {
    'GET /api/search': defineAPI({
      input: z.strictObject({ q: z.string(), limit: z.number().int().max(50).optional() }),
      handler: async () => ({}),
    }),
    'GET /api/health': defineAPI({ handler: async () => ({}) }),
  },
});
const search = app.registry.get('get_api_search')!;
const health = app.registry.get('get_api_health')!;

function failure(route: typeof search, input: unknown): InstanceType<typeof errors.RequestMalformedError> {
  try {
    checkInput({ route, input }, errors);
  } catch (error) {
    return error as InstanceType<typeof errors.RequestMalformedError>;
  }
  throw new Error('expected the input to be refused');
}

describe('checkInput', () => {
  it('accepts what the route schema accepts', () => {
    expect(() => checkInput({ route: search, input: { q: 'x', limit: 3 } }, errors)).not.toThrow();
    expect(() => checkInput({ route: health, input: {} }, errors)).not.toThrow();
    expect(() => checkInput({ route: health, input: undefined }, errors)).not.toThrow();
  });

  it('refuses with kit wording, naming the skill, and the issues as JSON in ErrorInfo metadata', () => {
    const error = failure(search, { q: 1, limit: 51, other: true });
    expect(error).toBeInstanceOf(errors.RequestMalformedError);
    expect(error.message).toBe(
      "Skill get_api_search: Invalid input: q must be a string, got a number; limit must be at most 50; other is not a known field; remove it. Correct the input; the skill's fields are listed in its description on the agent card.",
    );
    expect(error.metadata?.skill).toBe('get_api_search');
    expect(JSON.parse(error.metadata?.issues ?? '[]')).toEqual([
      { field: 'q', message: 'must be a string, got a number' },
      { field: 'limit', message: 'must be at most 50' },
      { field: 'other', message: 'is not a known field; remove it' },
    ]);
    expect(failure(health, { x: 1 }).message).toContain('x is not a known field');
    expect(failure(search, 'just text').message).toContain('Invalid input:');
  });
});
