import { z } from 'zod';

/** A JSON Schema (draft 2020-12) as plain data. */
export type JsonSchema = { readonly [key: string]: unknown };

/**
 * The JSON Schema of a zod schema. `io: 'input'` describes what a caller may send (fields with a
 * default are optional); `'output'` what the server returns (defaults are filled in, so required).
 */
export function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

/** The JSON type (`string`, `integer`, ...) a property of an object schema declares, if any. */
export function propertyType(objectSchema: JsonSchema, property: string): string | undefined {
  const properties = objectSchema.properties as Record<string, JsonSchema> | undefined;
  // Own keys only: a parameter named `constructor` or `__proto__` must not find Object.prototype's.
  if (!properties || !Object.hasOwn(properties, property)) return undefined;
  const type = properties[property]?.type;
  return typeof type === 'string' ? type : undefined;
}
