import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { issueMessage, safeParseWithMessages } from './issue-messages.js';

const schema = z.strictObject({
  name: z.string().min(2).max(5).optional(),
  code: z.string().length(3).optional(),
  count: z.number().int().min(1).max(9).optional(),
  ratio: z.number().gt(0).lt(1).optional(),
  step: z.number().multipleOf(5).optional(),
  tags: z.array(z.string()).min(1).max(2).optional(),
  mode: z.enum(['fast', 'slow']).optional(),
  on: z.boolean().optional(),
  exact: z.literal('yes').optional(),
  custom: z.string({ error: 'must be your own words' }).optional(),
  needed: z.string(),
});

/** The message of each issue of parsing `input`, by field. */
function messages(input: unknown): Record<string, string> {
  const result = schema.safeParse(input, { error: issueMessage });
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('issueMessage', () => {
  it('says a missing field is required and a mistyped one what it must be and what it got, never the value', () => {
    expect(messages({})).toEqual({ needed: 'is required' });
    expect(messages({ needed: 1, name: null, count: 'three', on: 'yes', tags: 'a', ratio: [1] })).toEqual({
      needed: 'must be a string, got a number',
      name: 'must be a string, got null',
      count: 'must be a number, got a string',
      on: 'must be true or false, got a string',
      tags: 'must be an array, got a string',
      ratio: 'must be a number, got an array',
    });
    expect(messages({ needed: 'x', count: 2.5 })).toEqual({ count: 'must be a whole number, got a decimal number' });
  });

  it('words bounds of strings, numbers and arrays', () => {
    expect(messages({ needed: 'x', name: 'a', code: 'ab', count: 0, ratio: 0, tags: [] })).toEqual({
      name: 'must be at least 2 characters',
      code: 'must be exactly 3 characters',
      count: 'must be at least 1',
      ratio: 'must be greater than 0',
      tags: 'must have at least 1 item',
    });
    expect(messages({ needed: 'x', name: 'abcdef', count: 10, ratio: 1, tags: ['a', 'b', 'c'], step: 7 })).toEqual({
      name: 'must be at most 5 characters',
      count: 'must be at most 9',
      ratio: 'must be less than 1',
      tags: 'must have at most 2 items',
      step: 'must be a multiple of 5',
    });
    expect(messages({ needed: '' })).toEqual({});
    expect(z.strictObject({ q: z.string().min(1) }).safeParse({ q: '' }, { error: issueMessage }).error?.issues[0]?.message).toBe(
      'must not be empty',
    );
  });

  it('lists the accepted values, and leaves a message the schema gives alone', () => {
    expect(messages({ needed: 'x', mode: 'medium', exact: 'no', custom: 5 })).toEqual({
      mode: 'must be one of "fast", "slow"',
      exact: 'must be "yes"',
      custom: 'must be your own words',
    });
  });
});

describe('safeParseWithMessages', () => {
  it('gives a valid value as zod parses it, transforms included', () => {
    const parsed = safeParseWithMessages(z.strictObject({ name: z.string().trim() }), { name: ' Ada ' });
    expect(parsed).toEqual({ success: true, data: { name: 'Ada' } });
  });

  it('words the issues of an invalid value as issueMessage does, and keeps a schema’s own message', () => {
    const parsed = safeParseWithMessages(schema, { name: 'x', custom: 1 });
    expect(parsed.success).toBe(false);
    const byField = Object.fromEntries((parsed.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
    expect(byField).toEqual({ name: 'must be at least 2 characters', custom: 'must be your own words', needed: 'is required' });
  });
});
