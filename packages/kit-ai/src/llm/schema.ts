import { KitAIError } from '../errors/kit-ai-error.js';
import { validateArgs } from '../tools/validate-args.js';

/** One problem a Standard Schema reports (the `Issue` of Standard Schema v1). */
export interface StandardSchemaIssue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
}

/** What a Standard Schema's `validate` returns: the (possibly transformed) value, or issues. */
export type StandardSchemaResult<Output> =
  { readonly value: Output; readonly issues?: undefined } | { readonly issues: ReadonlyArray<StandardSchemaIssue> };

/**
 * The part of Standard Schema v1 that kit-ai uses: the `~standard` property that zod (3.24 and later),
 * valibot, arktype and other validation libraries expose. Declared here so kit-ai depends on none of them.
 * When the schema also exposes `~standard.jsonSchema` (Standard JSON Schema, as zod 4 does), `think` shows
 * the model the JSON Schema of the expected answer.
 */
export interface StandardSchemaLike<Output = unknown> {
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => StandardSchemaResult<Output> | Promise<StandardSchemaResult<Output>>;
    readonly types?: { readonly input: unknown; readonly output: Output } | undefined;
  };
}

/** A schema `think` accepts: a Standard Schema, or a plain JSON Schema object checked with `validateArgs`. */
export type ThinkSchema = StandardSchemaLike | Record<string, unknown>;

/** The value a schema produces: the output type of a Standard Schema, `unknown` for a JSON Schema. */
export type SchemaOutput<S> = S extends { readonly '~standard': { readonly types?: infer Types } }
  ? NonNullable<Types> extends { readonly output: infer Output }
    ? Output
    : unknown
  : unknown;

/** Whether a value carries a Standard Schema `~standard` property (any version). */
export function isStandardSchema(value: unknown): value is StandardSchemaLike {
  return typeof value === 'object' && value !== null && '~standard' in value;
}

/** Throws `invalid_config` unless `schema` is a usable Standard Schema v1 or a JSON Schema object. */
export function checkSchema(component: string, schema: unknown): asserts schema is ThinkSchema {
  if (isStandardSchema(schema)) {
    const standard = schema['~standard'] as { version?: unknown; validate?: unknown } | null;
    if (typeof standard !== 'object' || standard === null || standard.version !== 1 || typeof standard.validate !== 'function') {
      throw new KitAIError(
        'invalid_config',
        `${component}: schema['~standard'] must be a Standard Schema v1 object with version 1 and a validate function, got version ${String(standard?.version)}; upgrade the validation library or pass a JSON Schema object.`,
      );
    }
    return;
  }
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    throw new KitAIError(
      'invalid_config',
      `${component}: schema must be a Standard Schema (zod, valibot, arktype, ...) or a JSON Schema object, got ${schema === null ? 'null' : Array.isArray(schema) ? 'an array' : typeof schema}.`,
    );
  }
}

/** The JSON Schema of what a schema accepts, when it can tell: the object itself, or `~standard.jsonSchema`. */
export function jsonSchemaOf(schema: ThinkSchema): Record<string, unknown> | undefined {
  if (!isStandardSchema(schema)) return schema;
  const converter = (schema['~standard'] as { jsonSchema?: { output?: unknown } }).jsonSchema;
  if (typeof converter?.output !== 'function') return undefined;
  try {
    return (converter.output as (options: { target: string }) => Record<string, unknown>)({ target: 'draft-07' });
  } catch {
    // Some schemas (transforms, custom checks) cannot be expressed as JSON Schema; validation still applies.
    return undefined;
  }
}

function pathText(path: StandardSchemaIssue['path']): string {
  if (!path) return '';
  return path.map((segment) => String(typeof segment === 'object' && segment !== null ? segment.key : segment)).join('.');
}

/** Validates a value; returns the (possibly transformed) value or the issues found. */
export async function validateWithSchema(
  value: unknown,
  schema: ThinkSchema,
): Promise<{ ok: true; value: unknown } | { ok: false; issues: { path: string; message: string }[] }> {
  if (isStandardSchema(schema)) {
    const result = await schema['~standard'].validate(value);
    if (result.issues) return { ok: false, issues: result.issues.map((issue) => ({ path: pathText(issue.path), message: issue.message })) };
    return { ok: true, value: result.value };
  }
  const report = validateArgs(value, schema);
  if (report.valid) return { ok: true, value };
  // validateArgs speaks of tool arguments; here the subject is the model's answer.
  return {
    ok: false,
    issues: report.errors.map((issue) => ({ path: issue.path, message: issue.message.replace(/^the arguments\b/, 'the answer') })),
  };
}
