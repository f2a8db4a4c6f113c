import { KitDbError } from '../errors/kit-db-error.js';
import { checkValue } from './check-value.js';
import type { AnyField } from './field.js';

/** Longest `string({ maxLength })`: what a MySQL `varchar` of 4-byte characters can hold in a row. */
const maxStringLength = 16383;
/** Most dimensions of a `vector()`: pgvector's limit. */
const maxDimensions = 16000;

/** Refuses field options no provider can store, naming the model, the field and the fix. */
export function checkFieldOptions(model: string, field: string, entry: AnyField): void {
  const fail = (problem: string): never => {
    throw new KitDbError('invalid_model', `Model "${model}": field "${field}" ${problem}.`, { model, field });
  };
  const options = entry.options;
  if (entry.type === 'id') {
    if (options.optional) fail('is the id and cannot be optional; remove .optional()');
    if (options.default !== undefined) fail('is the id and fills itself; remove .default(...)');
  }
  if (entry.type === 'string') {
    const max = options.maxLength;
    if (max === undefined || !Number.isInteger(max) || max < 1 || max > maxStringLength)
      fail(`has maxLength ${String(max)}; use an integer from 1 to ${maxStringLength}, or text() for longer text`);
  }
  if (entry.type === 'enum') {
    const values = options.values;
    if (!Array.isArray(values) || values.length === 0) fail("is an enum without values; pass them as an array: enum(['open', 'closed'])");
    for (const value of values ?? []) {
      if (typeof value !== 'string' || value.length === 0 || value.length > 255)
        fail(`has the enum value ${JSON.stringify(value)}; enum values are non-empty strings of at most 255 characters`);
    }
    if (new Set(values).size !== values!.length) fail('lists an enum value twice; list each once');
  }
  if (entry.type === 'vector' && options.dimensions !== undefined) {
    const dimensions = options.dimensions;
    if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > maxDimensions)
      fail(`has dimensions ${String(dimensions)}; use an integer from 1 to ${maxDimensions}`);
  }
  if (entry.type === 'integer' && options.autoIncrement)
    fail('is an integer with autoIncrement; only id({ autoIncrement: true }) is numbered by the database');
  if ((options.unique || options.index) && (entry.type === 'text' || entry.type === 'json' || entry.type === 'vector')) {
    fail(
      `is a ${entry.type}() field, which cannot be ${options.unique ? 'unique' : 'indexed'} on every provider; use string() for indexed text`,
    );
  }
  const fieldDefault = options.default;
  if (fieldDefault?.kind === 'value') {
    if (fieldDefault.value === null) {
      if (!options.optional) fail('has the default null but is not optional; add .optional() (an optional field defaults to null anyway)');
    } else {
      const problem = checkValue(entry, fieldDefault.value);
      if (problem !== undefined) fail(`has a default that ${problem.replace(/^must/, 'does not fit: it must')}`);
      if (entry.type === 'vector' && options.dimensions !== undefined && (fieldDefault.value as unknown[]).length !== options.dimensions) {
        fail(`has a default of ${(fieldDefault.value as unknown[]).length} dimensions; it must have ${options.dimensions}`);
      }
    }
  }
}
