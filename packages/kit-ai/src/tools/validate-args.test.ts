import { describe, expect, it } from 'vitest';
import { validateArgs } from './validate-args.js';

const invoice = {
  type: 'object',
  properties: {
    customerId: { type: 'string' },
    amountCents: { type: 'integer', minimum: 1 },
    currency: { type: 'string', enum: ['EUR', 'USD'] },
    email: { type: 'string', format: 'email' },
    lines: { type: 'array', items: { type: 'object', properties: { sku: { type: 'string' } }, required: ['sku'] } },
  },
  required: ['customerId', 'amountCents', 'currency'],
  additionalProperties: false,
};

describe('validateArgs', () => {
  it('accepts valid arguments', () => {
    expect(validateArgs({ customerId: 'c-1', amountCents: 100, currency: 'EUR' }, invoice)).toEqual({ valid: true, errors: [] });
  });

  it('collects every problem, not only the first', () => {
    const report = validateArgs({ amountCents: -5, currency: 'GBP' }, invoice);
    expect(report.valid).toBe(false);
    expect(report.errors).toEqual([
      { path: 'customerId', message: 'customerId is required' },
      { path: 'amountCents', message: 'amountCents must be >= 1' },
      { path: 'currency', message: 'currency must be one of "EUR", "USD"' },
    ]);
  });

  it('names nested paths, unknown arguments, wrong types and formats', () => {
    const report = validateArgs(
      { customerId: 7, amountCents: 1, currency: 'EUR', email: 'not-an-address', lines: [{ sku: 'a' }, {}], extra: true },
      invoice,
    );
    expect(report.errors.map((issue) => issue.path)).toEqual(['extra', 'customerId', 'email', 'lines.1.sku']);
    expect(report.errors[0]?.message).toBe('extra is not a known argument');
    expect(report.errors.find((issue) => issue.path === 'customerId')?.message).toBe('customerId must be of type string');
    expect(report.errors.find((issue) => issue.path === 'email')?.message).toMatch(/email must match format "email"/);
  });

  it('reports a broken schema as a problem of the tool, without throwing', () => {
    const report = validateArgs({}, { type: 'object', properties: { a: { type: 'no-such-type' } } });
    expect(report.valid).toBe(false);
    expect(report.errors[0]?.message).toMatch(/not a valid JSON Schema.*fix the tool definition/);
  });
});
