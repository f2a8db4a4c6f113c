import type { z } from 'zod';

/**
 * Messages of the validation issues a route's schema did not word itself, written to follow the
 * field name in a problem (`q must be a string, got a number`), instead of zod's defaults (`Invalid
 * input: expected string, received number`). Passed to each parse, so a message set on the schema
 * (`z.string({ error: '…' })`, `.min(1, 'must not be empty')`) still wins; codes not listed here keep
 * zod's wording. The value itself is never repeated, only its kind.
 * `CapabilityRegistry.invoke` uses it through `safeParseWithMessages`, which keeps a valid value on
 * zod's fast path; use that for your own parses to word their issues alike.
 *
 * @example
 * ```ts
 * import { z } from 'zod';
 * import { issueMessage } from '@kit/kit-core/internal';
 *
 * const result = z.strictObject({ slug: z.string() }).safeParse({ slug: 123 }, { error: issueMessage });
 * console.log(result.error?.issues[0]?.message); // must be a string, got a number
 * ```
 */
export const issueMessage: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? 'is required' : `must be ${expectedType(issue.expected)}, got ${describeValue(issue.input)}`;
    case 'too_small':
      return tooSmall(issue.origin, issue.minimum, issue.inclusive !== false, issue.exact === true);
    case 'too_big':
      return tooBig(issue.origin, issue.maximum, issue.inclusive !== false, issue.exact === true);
    case 'invalid_value':
      return issue.values.length === 1
        ? `must be ${showLiteral(issue.values[0])}`
        : `must be one of ${issue.values.map(showLiteral).join(', ')}`;
    case 'not_multiple_of':
      return `must be a multiple of ${String(issue.divisor)}`;
    default:
      return undefined;
  }
};

function expectedType(expected: string): string {
  switch (expected) {
    case 'int':
      return 'a whole number';
    case 'boolean':
      return 'true or false';
    case 'array':
    case 'object':
      return `an ${expected}`;
    default:
      return `a ${expected}`;
  }
}

/** What a value is, in a word or two; never the value itself, which the caller already has. */
function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'number':
      return Number.isInteger(value) ? 'a number' : 'a decimal number';
    case 'boolean':
      return 'a boolean';
    case 'string':
      return 'a string';
    case 'object':
      return 'an object';
    default:
      return typeof value;
  }
}

function tooSmall(origin: string, minimum: number | bigint, inclusive: boolean, exact: boolean): string | undefined {
  const bound = String(minimum);
  switch (origin) {
    case 'string':
      if (exact) return `must be exactly ${bound} characters`;
      return minimum === 1 && inclusive ? 'must not be empty' : `must be at least ${bound} characters`;
    case 'array':
    case 'set':
      return exact ? `must have exactly ${items(bound)}` : `must have at least ${items(bound)}`;
    case 'number':
    case 'int':
    case 'bigint':
      return inclusive ? `must be at least ${bound}` : `must be greater than ${bound}`;
    default:
      return undefined;
  }
}

function tooBig(origin: string, maximum: number | bigint, inclusive: boolean, exact: boolean): string | undefined {
  const bound = String(maximum);
  switch (origin) {
    case 'string':
      return exact ? `must be exactly ${bound} characters` : `must be at most ${bound} characters`;
    case 'array':
    case 'set':
      return exact ? `must have exactly ${items(bound)}` : `must have at most ${items(bound)}`;
    case 'number':
    case 'int':
    case 'bigint':
      return inclusive ? `must be at most ${bound}` : `must be less than ${bound}`;
    default:
      return undefined;
  }
}

function items(count: string): string {
  return count === '1' ? '1 item' : `${count} items`;
}

function showLiteral(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

/**
 * `schema.safeParse(value)` with the issues of a failure worded by `issueMessage`. The value is parsed
 * without the error map first, and again with it only when it fails: zod leaves its compiled fast path
 * for a much slower one whenever the parse is given an error map (about twenty times slower for a small
 * object), so a valid value, the common case, does not pay for messages it never shows.
 *
 * @example
 * ```ts
 * import { z } from 'zod';
 * import { safeParseWithMessages } from '@kit/kit-core/internal';
 *
 * const result = safeParseWithMessages(z.strictObject({ slug: z.string() }), { slug: 123 });
 * console.log(result.success ? result.data : result.error.issues[0]?.message); // must be a string, got a number
 * ```
 */
export function safeParseWithMessages<Schema extends z.ZodType>(schema: Schema, value: unknown): z.ZodSafeParseResult<z.output<Schema>> {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed : schema.safeParse(value, { error: issueMessage });
}
