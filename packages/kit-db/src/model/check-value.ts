import type { FieldOptions, FieldType } from './field.js';

/** What a value is checked against: a field's type and options, or a key column's id type. */
export interface ValueShape {
  readonly type: FieldType | 'reference';
  readonly options: FieldOptions;
  readonly referenceType?: 'string' | 'integer';
}

const int32 = { min: -2147483648, max: 2147483647 };
const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Longest string id accepted (MySQL stores string ids as `varchar(255)`). */
export const maxIdLength = 255;

/**
 * Why `value` does not fit a column, as a phrase completing "<field> ..." (`must be a string`), or
 * `undefined` when it fits. NULL is not checked here: nullability is the caller's business.
 */
export function checkValue(shape: ValueShape, value: unknown): string | undefined {
  const options = shape.options;
  switch (shape.type) {
    case 'id':
      return options.autoIncrement ? checkInteger(value, int32) : checkId(value);
    case 'reference':
      return shape.referenceType === 'integer' ? checkInteger(value, int32) : checkId(value);
    case 'string':
    case 'text': {
      if (typeof value !== 'string') return `must be a string, got ${typeName(value)}`;
      if (options.maxLength !== undefined && [...value].length > options.maxLength)
        return `must be at most ${options.maxLength} characters, got ${[...value].length}`;
      return undefined;
    }
    case 'integer':
      return checkInteger(value, options.big ? { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER } : int32);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : `must be a finite number, got ${typeName(value)}`;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : `must be true or false, got ${typeName(value)}`;
    case 'date':
      return checkDate(value);
    case 'datetime':
      if (!(value instanceof Date)) return `must be a Date, got ${typeName(value)}`;
      if (Number.isNaN(value.getTime())) return 'must be a valid Date, got Invalid Date';
      if (value.getUTCFullYear() < 1000 || value.getUTCFullYear() > 9999) return 'must be a Date between the years 1000 and 9999';
      return undefined;
    case 'json':
      return checkJson(value);
    case 'enum': {
      const values = options.values ?? [];
      if (typeof value === 'string' && values.includes(value)) return undefined;
      return `must be one of ${values.map((v) => JSON.stringify(v)).join(', ')}, got ${typeof value === 'string' ? JSON.stringify(value.slice(0, 40)) : typeName(value)}`;
    }
    case 'vector': {
      if (!Array.isArray(value)) return `must be an array of numbers, got ${typeName(value)}`;
      const bad = value.findIndex((item) => typeof item !== 'number' || !Number.isFinite(item));
      if (bad >= 0) return `must hold only finite numbers, item ${bad} is ${typeName(value[bad])}`;
      return undefined;
    }
  }
}

function checkId(value: unknown): string | undefined {
  if (typeof value !== 'string') return `must be a string id, got ${typeName(value)}`;
  if (value.length === 0) return 'must be a non-empty string id';
  if (value.length > maxIdLength) return `must be at most ${maxIdLength} characters, got ${value.length}`;
  return undefined;
}

function checkInteger(value: unknown, range: { min: number; max: number }): string | undefined {
  if (typeof value !== 'number' || !Number.isInteger(value)) return `must be an integer, got ${typeName(value)}`;
  if (value < range.min || value > range.max) return `must be between ${range.min} and ${range.max}, got ${value}`;
  return undefined;
}

function checkDate(value: unknown): string | undefined {
  if (typeof value !== 'string') return `must be a date string YYYY-MM-DD, got ${typeName(value)}`;
  const match = isoDate.exec(value);
  if (match) {
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const parsed = new Date(Date.UTC(year, month - 1, day));
    if (year >= 1000 && parsed.getUTCMonth() === month - 1 && parsed.getUTCDate() === day) return undefined;
  }
  return `must be a date YYYY-MM-DD between 1000-01-01 and 9999-12-31, got ${JSON.stringify(value.slice(0, 40))}`;
}

function checkJson(value: unknown): string | undefined {
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint')
    return `must be a JSON value, got ${typeName(value)}`;
  try {
    JSON.stringify(value);
    return undefined;
  } catch {
    return 'must be a JSON value (it could not be serialised: a cycle?)';
  }
}

/** A short name of a value's type for messages: `string`, `number 3.5`, `array`, `null`. */
export function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (value instanceof Date) return 'a Date';
  if (typeof value === 'number') return `the number ${value}`;
  if (typeof value === 'string') return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  if (typeof value === 'object') return 'an object';
  return typeof value;
}
