import { z } from 'zod';
import { Field, type FieldOptions, type FieldType } from '../model/field.js';
import { Relation } from '../model/relation.js';
import type { AnyModel } from '../model/types.js';

/** One column of a model as the generated routes see it: a field, or the key column of a `belongsTo`. */
export interface CrudColumn {
  /** Column name: the field name, or `<relation>Id`. */
  readonly name: string;
  /** The field name in the model (`project` for the column `projectId`). */
  readonly field: string;
  readonly type: FieldType | 'reference';
  readonly nullable: boolean;
  /** Whether an insert may leave it out because a default (constant or function) fills it. */
  readonly hasDefault: boolean;
  readonly options: FieldOptions | undefined;
  /** For `reference` columns: the model pointed at and the type of its id. */
  readonly target?: string;
  readonly keyType?: 'string' | 'integer';
}

/** Columns whose values can be compared for equality and sorted: everything but `json()` and `vector()`. */
export function isScalar(column: CrudColumn): boolean {
  return column.type !== 'json' && column.type !== 'vector';
}

/** The columns of a model, in field order, read from the model alone (no database needed). */
export function crudColumns(model: AnyModel): CrudColumn[] {
  const columns: CrudColumn[] = [];
  for (const [field, entry] of Object.entries(model.fields)) {
    if (entry instanceof Field) {
      const options = entry.options;
      columns.push({
        name: field,
        field,
        type: entry.type,
        nullable: options.optional,
        hasDefault: options.default !== undefined || entry.type === 'id',
        options,
      });
    } else if (entry instanceof Relation && entry.relation === 'belongsTo') {
      columns.push({
        name: `${field}Id`,
        field,
        type: 'reference',
        nullable: entry.options.optional,
        hasDefault: false,
        options: undefined,
        target: entry.target,
        keyType: entry.options.keyType ?? 'string',
      });
    }
  }
  return columns;
}

const int32 = { min: -2_147_483_648, max: 2_147_483_647 };

/** A JSON value one level deep: what a `json()` field accepts (anything a JSON body can hold but `null`, which means "no value"). */
const jsonValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.unknown()), z.record(z.string(), z.unknown())]);

/**
 * The schema of a column's value as JSON carries it (never null): dates and times as ISO 8601 text,
 * vectors as arrays of numbers. Described for people and agents where the type alone does not say.
 * `'input'` adds the limits the database enforces (length, range, dimensions) so a caller learns of
 * them before any write; `'output'` leaves them out, since rows read back already satisfy them and
 * zod checks cost more than the type tests (they doubled the validation time of a list page).
 */
export function valueSchema(column: CrudColumn, modelName: string, io: 'input' | 'output' = 'input'): z.ZodType {
  const options = column.options;
  const checked = io === 'input';
  switch (column.type) {
    case 'id':
      return options?.autoIncrement
        ? (checked ? z.number().int().min(1) : z.number().int()).describe(`Id of the ${modelName}, numbered by the database.`)
        : (checked ? z.string().min(1) : z.string()).describe(`Id of the ${modelName}, assigned when it is created.`);
    case 'reference': {
      const key = column.keyType === 'integer' ? z.number().int() : checked ? z.string().min(1) : z.string();
      return key.describe(`Id of the ${column.target} this ${modelName} belongs to.`);
    }
    case 'string':
      return checked ? z.string().max(options?.maxLength ?? 255) : z.string();
    case 'text':
      return z.string();
    case 'integer':
      if (!checked) return z.number().int();
      return options?.big
        ? z.number().int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER)
        : z.number().int().min(int32.min).max(int32.max);
    case 'number':
      return z.number();
    case 'boolean':
      return z.boolean();
    case 'date': {
      const description = 'A calendar date, YYYY-MM-DD.';
      return checked ? z.iso.date().describe(description) : z.string().meta({ format: 'date', description });
    }
    case 'datetime': {
      // Rows read back hold what toISOString wrote, so output skips the pattern and only declares the format.
      const description = 'A date and time in ISO 8601, such as 2026-01-31T09:30:00.000Z.';
      return checked ? z.iso.datetime({ offset: true }).describe(description) : z.string().meta({ format: 'date-time', description });
    }
    case 'json':
      return jsonValue.describe('A JSON value: text, a number, true or false, an array or an object.');
    case 'enum':
      return z.enum((options?.values ?? []) as [string, ...string[]]);
    case 'vector': {
      const numbers = z.array(z.number());
      if (options?.dimensions === undefined) return numbers.describe('An embedding vector: an array of numbers.');
      return (checked ? numbers.length(options.dimensions) : numbers).describe(`An embedding vector of ${options.dimensions} numbers.`);
    }
  }
}

/**
 * How a route returns a column's value, chosen once per column: a `Date` becomes ISO 8601 text
 * (`YYYY-MM-DD` for `date()`), a typed array a plain one, a bigint a number, undefined null.
 */
export function jsonConverter(column: CrudColumn): (value: unknown) => unknown {
  switch (column.type) {
    case 'datetime':
      return (value) => (value instanceof Date ? value.toISOString() : (value ?? null));
    case 'date':
      return (value) => (value instanceof Date ? value.toISOString().slice(0, 10) : (value ?? null));
    case 'vector':
      return (value) =>
        ArrayBuffer.isView(value) && !(value instanceof DataView) ? Array.from(value as unknown as ArrayLike<number>) : (value ?? null);
    case 'id':
    case 'reference':
    case 'integer':
      return (value) => (typeof value === 'bigint' ? Number(value) : (value ?? null));
    default:
      return (value) => value ?? null;
  }
}

/** The value of a column as the database layer takes it: ISO text of a `datetime()` becomes a `Date`. */
export function fromJsonValue(column: CrudColumn, value: unknown): unknown {
  if (column.type === 'datetime' && typeof value === 'string') return new Date(value);
  return value;
}
