import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

/** One problem `validateArgs` found: `path` is dotted (`customerId`, `items.0.sku`), empty for the whole object. */
export interface ArgsIssue {
  path: string;
  message: string;
}

/** What `validateArgs` returns. */
export interface ArgsValidationResult {
  valid: boolean;
  /** Every problem found, in schema order; empty when `valid`. */
  errors: ArgsIssue[];
}

// ajv-formats is CommonJS and its types describe the module object, while Node hands over the plugin
// function itself (or, through some loaders, the module object with the plugin on `default`).
type FormatsPlugin = (ajv: Ajv) => Ajv;
const formatsModule = addFormatsModule as unknown as FormatsPlugin | { default: FormatsPlugin };
const addFormats: FormatsPlugin = typeof formatsModule === 'function' ? formatsModule : formatsModule.default;

// One compiler for the process: schemas are compiled once and cached by identity, since tool schemas
// are long-lived objects and compiling is far slower than validating.
const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false, useDefaults: false });
addFormats(ajv);
const compiled = new WeakMap<object, ValidateFunction>();

function compile(schema: Record<string, unknown>): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

function pathOf(error: ErrorObject): string {
  const base = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required') base.push(String((error.params as { missingProperty: string }).missingProperty));
  if (error.keyword === 'additionalProperties') base.push(String((error.params as { additionalProperty: string }).additionalProperty));
  return base.join('.');
}

function messageOf(error: ErrorObject, path: string): string {
  const subject = path === '' ? 'the arguments' : path;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${subject} is required`;
    case 'additionalProperties':
      return `${subject} is not a known argument`;
    case 'enum':
      return `${subject} must be one of ${(params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(', ')}`;
    case 'const':
      return `${subject} must be ${JSON.stringify(params.allowedValue)}`;
    case 'type':
      return `${subject} must be of type ${String(params.type)}`;
    default:
      return `${subject} ${error.message ?? 'is invalid'}`;
  }
}

/**
 * Checks tool arguments against a JSON Schema and reports every problem, not only the first, so the
 * model can fix all of them in one retry. Formats (`email`, `date-time`, `uri`, ...) are checked.
 *
 * @example
 * ```ts
 * import { validateArgs } from '@kit/kit-ai';
 *
 * const schema = {
 *   type: 'object',
 *   properties: { customerId: { type: 'string' }, amountCents: { type: 'integer', minimum: 1 } },
 *   required: ['customerId', 'amountCents'],
 * };
 * const report = validateArgs({ amountCents: -5 }, schema);
 * // { valid: false, errors: [{ path: 'customerId', message: 'customerId is required' }, { path: 'amountCents', message: 'amountCents must be >= 1' }] }
 * console.log(report.errors.map((issue) => issue.message).join('; '));
 * ```
 */
export function validateArgs(args: unknown, schema: Record<string, unknown>): ArgsValidationResult {
  let validate: ValidateFunction;
  try {
    validate = compile(schema);
  } catch (error) {
    return {
      valid: false,
      errors: [
        { path: '', message: `the tool's parameters are not a valid JSON Schema (${(error as Error).message}); fix the tool definition` },
      ],
    };
  }
  if (validate(args)) return { valid: true, errors: [] };
  const errors = (validate.errors ?? [])
    // `if`/`then` failures repeat the errors of the branch; the branch errors say more.
    .filter((error) => error.keyword !== 'if')
    .map((error) => {
      const path = pathOf(error);
      return { path, message: messageOf(error, path) };
    });
  return { valid: false, errors };
}
