import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { thrownBy } from '../../../../test-support/rejection.js';
import { toJsonSchema } from '../registry/json-schema.js';
import { redactOutput } from './redact-output.js';
import { checkRedactPaths } from './redact-paths.js';
import { redactableSchema } from './redact-schema.js';

describe('redactOutput', () => {
  const order = {
    id: 'o1',
    email: 'a@example.com',
    customer: { name: 'Ada', email: 'ada@example.com', phone: null },
    items: [
      { sku: 'a', email: 'x@example.com' },
      { sku: 'b', note: 'no email here' },
    ],
    byRegion: { eu: { email: 'eu@example.com' }, us: { email: 'us@example.com' } },
  };

  it('replaces top-level, nested, array and wildcard key paths with "[redacted]"', () => {
    expect(redactOutput(order, ['email', 'customer.email', 'items.*.email', 'byRegion.*.email'])).toEqual({
      id: 'o1',
      email: '[redacted]',
      customer: { name: 'Ada', email: '[redacted]', phone: null },
      items: [
        { sku: 'a', email: '[redacted]' },
        { sku: 'b', note: 'no email here' },
      ],
      byRegion: { eu: { email: '[redacted]' }, us: { email: '[redacted]' } },
    });
  });

  it('never changes its argument, and copies only what a path reaches', () => {
    const before = structuredClone(order);
    const result = redactOutput(order, ['customer.email']) as typeof order;
    expect(order).toEqual(before);
    expect(result.items).toBe(order.items);
    expect(result.customer).not.toBe(order.customer);
  });

  it('ignores paths that lead nowhere, through scalars or past array ends', () => {
    expect(redactOutput(order, ['nope', 'id.deeper', 'items.7.sku', 'customer.name.first', 'items.x'])).toBe(order);
    expect(redactOutput('text', ['a'])).toBe('text');
    expect(redactOutput(null, ['*'])).toBe(null);
  });

  it('redacts null values (hiding even that there was none), an index, whole subtrees and top-level arrays', () => {
    expect((redactOutput(order, ['customer.phone']) as typeof order).customer.phone).toBe('[redacted]');
    expect((redactOutput(order, ['items.1.sku']) as typeof order).items.map((item) => item.sku)).toEqual(['a', '[redacted]']);
    expect((redactOutput(order, ['customer']) as Record<string, unknown>).customer).toBe('[redacted]');
    expect(redactOutput([{ email: 'a' }, { email: 'b' }], ['*.email'])).toEqual([{ email: '[redacted]' }, { email: '[redacted]' }]);
  });

  it('keeps an absent or undefined property absent', () => {
    expect(redactOutput({ a: undefined, b: 1 }, ['a', 'c'])).toEqual({ a: undefined, b: 1 });
    expect(Object.keys(redactOutput({ b: 1 }, ['a']) as object)).toEqual(['b']);
  });

  it('treats __proto__ as an ordinary key and never reads inherited ones', () => {
    const input = JSON.parse('{"__proto__": {"secret": "s"}, "x": 1}') as Record<string, unknown>;
    const result = redactOutput(input, ['__proto__.secret', 'constructor', 'toString']) as Record<string, unknown>;
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(JSON.stringify(result)).toBe('{"__proto__":{"secret":"[redacted]"},"x":1}');
  });

  it('refuses a path that is not dotted names', () => {
    expect(thrownBy(() => redactOutput({}, ['a..b']), TypeError).message).toContain('"a..b" is not a dotted output path');
  });
});

describe('checkRedactPaths', () => {
  it('names the component, the policy and the bad path', () => {
    expect(() => checkRedactPaths('definePolicy', 'p', ['ok', 'items.*.email', 'a.0.b'])).not.toThrow();
    expect(thrownBy(() => checkRedactPaths('definePolicy', 'p', ['ok', '']), TypeError).message).toMatch(
      /^definePolicy: policy "p" has redact path "", which is not a dotted output path; write names/,
    );
    expect(thrownBy(() => checkRedactPaths('definePolicy', 'p', ['.a']), TypeError).message).toContain('".a"');
    expect(thrownBy(() => checkRedactPaths('definePolicy', 'p', ['a b']), TypeError).message).toContain('"a b"');
    expect(thrownBy(() => checkRedactPaths('definePolicy', 'p', 'email'), TypeError).message).toContain('which is not a list');
  });
});

describe('redactableSchema', () => {
  const output = toJsonSchema(
    z.strictObject({
      email: z.email(),
      age: z.number().int().describe('Age in years'),
      items: z.array(z.strictObject({ sku: z.string(), email: z.email() })),
      tags: z.record(z.string(), z.strictObject({ owner: z.string() })),
      union: z.union([z.strictObject({ phone: z.string() }), z.strictObject({ fax: z.string() })]),
    }),
    'output',
  );
  const redacted = { type: 'string', const: '[redacted]' };

  it('lets each redacted place also be "[redacted]", leaving the rest and the original as they were', () => {
    const before = structuredClone(output);
    const schema = redactableSchema(output, ['email', 'age', 'items.*.email', 'tags.*.owner', 'union.phone', 'missing.path']) as Record<
      string,
      any
    >;
    expect(output).toEqual(before);
    expect(schema.properties.email).toEqual({ anyOf: [(before.properties as Record<string, unknown>).email, redacted] });
    expect(schema.properties.age.description).toBe('Age in years');
    expect(schema.properties.age.anyOf[1]).toEqual(redacted);
    expect(schema.properties.items.items.properties.email.anyOf[1]).toEqual(redacted);
    expect(schema.properties.items.items.properties.sku).toEqual({ type: 'string' });
    expect(schema.properties.tags.additionalProperties.properties.owner.anyOf[1]).toEqual(redacted);
    expect(schema.properties.union.anyOf[0].properties.phone.anyOf[1]).toEqual(redacted);
    expect(schema.properties.union.anyOf[1].properties.fax).toEqual({ type: 'string' });
    expect(schema.required).toEqual(before.required);
  });

  it('follows references into $defs, once, through recursive schemas', () => {
    const node: Record<string, unknown> = {
      $defs: { person: { type: 'object', properties: { email: { type: 'string' }, friend: { $ref: '#/$defs/person' } } } },
      type: 'object',
      properties: { person: { $ref: '#/$defs/person' } },
    };
    const schema = redactableSchema(node, ['person.email', 'person.friend.email']) as Record<string, any>;
    expect(schema.$defs.person.properties.email.anyOf).toEqual([{ type: 'string' }, redacted]);
  });
});
