import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { KitAIError } from '../errors/kit-ai-error.js';
import { checkSchema, isStandardSchema, jsonSchemaOf, validateWithSchema, type StandardSchemaLike } from './schema.js';

/** A hand-written Standard Schema without a JSON Schema export, validating asynchronously. */
const evenNumber: StandardSchemaLike<number> = {
  '~standard': {
    version: 1,
    vendor: 'test',
    validate: async (value) =>
      typeof value === 'number' && value % 2 === 0
        ? { value }
        : { issues: [{ message: 'must be an even number', path: [{ key: 'n' }, 0] }] },
  },
};

describe('schemas of think', () => {
  it('tells a Standard Schema from a JSON Schema', () => {
    expect(isStandardSchema(z.string())).toBe(true);
    expect(isStandardSchema(evenNumber)).toBe(true);
    expect(isStandardSchema({ type: 'string' })).toBe(false);
  });

  it('validates with a Standard Schema and returns its output value', async () => {
    const schema = z.object({ n: z.string().transform((text) => text.length) });
    expect(await validateWithSchema({ n: 'abc' }, schema)).toEqual({ ok: true, value: { n: 3 } });
    const failed = await validateWithSchema({ n: 5 }, schema);
    expect(failed.ok).toBe(false);
    expect(!failed.ok && failed.issues[0]?.path).toBe('n');
    expect(await validateWithSchema(3, evenNumber)).toEqual({ ok: false, issues: [{ path: 'n.0', message: 'must be an even number' }] });
    expect(await validateWithSchema(4, evenNumber)).toEqual({ ok: true, value: 4 });
  });

  it('validates with a JSON Schema, speaking of the answer', async () => {
    const schema = { type: 'object', properties: { age: { type: 'integer' } }, required: ['age'] };
    expect(await validateWithSchema({ age: 3 }, schema)).toEqual({ ok: true, value: { age: 3 } });
    expect(await validateWithSchema({ age: 'x' }, schema)).toEqual({
      ok: false,
      issues: [{ path: 'age', message: 'age must be of type integer' }],
    });
    expect(await validateWithSchema('x', schema)).toEqual({
      ok: false,
      issues: [{ path: '', message: 'the answer must be of type object' }],
    });
  });

  it('exports the JSON Schema when it can', () => {
    expect(jsonSchemaOf({ type: 'string' })).toEqual({ type: 'string' });
    expect(jsonSchemaOf(z.object({ a: z.number() }))).toMatchObject({
      type: 'object',
      properties: { a: { type: 'number' } },
      required: ['a'],
    });
    expect(jsonSchemaOf(evenNumber)).toBeUndefined();
    // zod cannot express a transform's output as JSON Schema; validation still works without it.
    expect(jsonSchemaOf(z.string().transform((text) => new Date(text)))).toBeUndefined();
  });

  it('rejects what is no schema', () => {
    expect(() => checkSchema('think', 'string')).toThrow(/think: schema must be a Standard Schema .* or a JSON Schema object, got string/);
    expect(() => checkSchema('think', [])).toThrow(/got an array/);
    expect(() => checkSchema('think', { '~standard': { version: 2, validate: () => ({ value: 1 }) } })).toThrow(KitAIError);
    expect(() => checkSchema('think', { '~standard': { version: 1 } })).toThrow(/version 1 and a validate function/);
    expect(() => checkSchema('think', z.number())).not.toThrow();
  });
});
