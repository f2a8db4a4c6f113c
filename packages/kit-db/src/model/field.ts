/** The column kinds a field builder makes. */
export type FieldType = 'id' | 'string' | 'text' | 'integer' | 'number' | 'boolean' | 'date' | 'datetime' | 'json' | 'enum' | 'vector';

/** A JSON value, as `json()` stores it by default. */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** A default of a field: a constant (also written into the table's SQL) or a function run at each insert. */
export type FieldDefault = { readonly kind: 'value'; readonly value: unknown } | { readonly kind: 'function'; readonly fn: () => unknown };

/** Everything a field builder and its modifiers recorded, read by the compiler and by generated routes. */
export interface FieldOptions {
  /** `.optional()`: the column accepts NULL; the value is `T | null`. */
  readonly optional: boolean;
  /** `.unique()`: a unique constraint on this column alone. */
  readonly unique: boolean;
  /** `.index()`: an index on this column alone. */
  readonly index: boolean;
  /** `.default(value)` */
  readonly default?: FieldDefault;
  /** `string({ maxLength })`: the longest value accepted. Default 255. */
  readonly maxLength?: number;
  /** `enum(values)`: the allowed values. */
  readonly values?: readonly string[];
  /** `vector({ dimensions })`: the length every vector must have. */
  readonly dimensions?: number;
  /** `id({ autoIncrement: true })`: an integer key the database numbers. */
  readonly autoIncrement?: boolean;
  /** `integer({ big: true })`: a 64-bit column (values still JavaScript numbers, safe integers only). */
  readonly big?: boolean;
}

const baseOptions: FieldOptions = { optional: false, unique: false, index: false };

/**
 * The description of one column, made by a field builder (`string()`, `integer()`, ...). Modifiers
 * return a new field and never change the one they are called on, so a builder result can be shared.
 * The type parameters carry the value type for `InferRow` and `InferInsert`.
 *
 * @example
 * ```ts
 * import { defineModel, id, string } from '@kit/kit-db';
 *
 * const name = string({ maxLength: 80 });
 * export const team = defineModel('team', { id: id(), name: name.unique(), nickname: name.optional() });
 * ```
 */
export class Field<
  TType extends FieldType = FieldType,
  TValue = unknown,
  TOptional extends boolean = boolean,
  THasDefault extends boolean = boolean,
> {
  /** Tells fields from relations and from stray values at run time. */
  readonly kind = 'field' as const;
  /** Phantom: the value type of the column, for type inference only (never set). */
  declare readonly $value: TValue;
  /** Phantom: whether the column accepts NULL. */
  declare readonly $optional: TOptional;
  /** Phantom: whether an insert may leave it out. */
  declare readonly $hasDefault: THasDefault;

  constructor(
    readonly type: TType,
    readonly options: FieldOptions = baseOptions,
  ) {}

  /** The same field accepting NULL: its value is `T | null` and an insert may leave it out. */
  optional(): Field<TType, TValue, true, THasDefault> {
    return new Field(this.type, { ...this.options, optional: true });
  }

  /** The same field with a unique constraint on it. */
  unique(): Field<TType, TValue, TOptional, THasDefault> {
    return new Field(this.type, { ...this.options, unique: true });
  }

  /** The same field with an index on it. */
  index(): Field<TType, TValue, TOptional, THasDefault> {
    return new Field(this.type, { ...this.options, index: true });
  }

  /**
   * The same field with a default, so an insert may leave it out. A constant is also the column's SQL
   * default; a function runs in the process at each insert (`() => new Date()`), and is not in the SQL.
   */
  default(value: TValue | (() => TValue)): Field<TType, TValue, TOptional, true> {
    const fieldDefault: FieldDefault =
      typeof value === 'function' ? { kind: 'function', fn: value as () => unknown } : { kind: 'value', value };
    return new Field(this.type, { ...this.options, default: fieldDefault });
  }
}

/** A field of any type, as stored in a model. */
export type AnyField = Field<FieldType, unknown, boolean, boolean>;

/** Options of `id()`. */
export interface IdOptions {
  /** `true`: an integer the database numbers (1, 2, 3, ...). Default `false`: a random UUID text made at insert. */
  readonly autoIncrement?: boolean;
}

/**
 * The primary key of a model. By default a text column filled with a random UUID
 * (`crypto.randomUUID()`) when an insert does not give one; with `{ autoIncrement: true }` an integer
 * numbered by the database (then `belongsTo` fields pointing at it need `{ type: 'integer' }`).
 *
 * @example
 * ```ts
 * import { defineModel, id, string } from '@kit/kit-db';
 *
 * export const note = defineModel('note', { id: id(), title: string() });
 * export const counter = defineModel('counter', { id: id({ autoIncrement: true }), label: string() });
 * ```
 */
export function id(options: { readonly autoIncrement: true }): Field<'id', number, false, true>;
export function id(options?: IdOptions): Field<'id', string, false, true>;
export function id(options: IdOptions = {}): Field<'id', string | number, false, true> {
  return new Field('id', { ...baseOptions, autoIncrement: options.autoIncrement === true });
}

/** Options of `string()`. */
export interface StringOptions {
  /** Longest value accepted, in characters (1 to 16383). Default 255. */
  readonly maxLength?: number;
}

/**
 * Short text: names, titles, codes. A `varchar(maxLength)` column on PostgreSQL and MySQL, `text` on
 * SQLite; writes longer than `maxLength` (default 255) are refused on every provider.
 *
 * @example
 * ```ts
 * import { defineModel, id, string } from '@kit/kit-db';
 *
 * export const country = defineModel('country', { id: id(), code: string({ maxLength: 2 }).unique(), name: string() });
 * ```
 */
export function string(options: StringOptions = {}): Field<'string', string, false, false> {
  return new Field('string', { ...baseOptions, maxLength: options.maxLength ?? 255 });
}

/**
 * Long text of any length: bodies, descriptions. `text` (`longtext` on MySQL); it cannot be unique or
 * indexed (use `string()` for that).
 *
 * @example
 * ```ts
 * import { defineModel, id, text } from '@kit/kit-db';
 *
 * export const page = defineModel('page', { id: id(), body: text() });
 * ```
 */
export function text(): Field<'text', string, false, false> {
  return new Field('text', baseOptions);
}

/** Options of `integer()`. */
export interface IntegerOptions {
  /** `true`: a 64-bit column (`bigint`); values must still be safe JavaScript integers. Default: 32-bit. */
  readonly big?: boolean;
}

/**
 * Whole numbers. 32-bit (-2147483648 to 2147483647) by default on every provider, or 64-bit with
 * `{ big: true }` (limited to JavaScript's safe integers).
 *
 * @example
 * ```ts
 * import { defineModel, id, integer } from '@kit/kit-db';
 *
 * export const stock = defineModel('stock', { id: id(), quantity: integer().default(0), bytes: integer({ big: true }) });
 * ```
 */
export function integer(options: IntegerOptions = {}): Field<'integer', number, false, false> {
  return new Field('integer', { ...baseOptions, big: options.big === true });
}

/**
 * Numbers with a fractional part, stored as 64-bit floating point (`real`, `double precision`, `double`).
 *
 * @example
 * ```ts
 * import { defineModel, id, number } from '@kit/kit-db';
 *
 * export const reading = defineModel('reading', { id: id(), celsius: number() });
 * ```
 */
export function number(): Field<'number', number, false, false> {
  return new Field('number', baseOptions);
}

/**
 * `true` or `false` (`integer` 0/1 on SQLite, `boolean` on PostgreSQL and MySQL).
 *
 * @example
 * ```ts
 * import { boolean, defineModel, id } from '@kit/kit-db';
 *
 * export const task = defineModel('task', { id: id(), done: boolean().default(false) });
 * ```
 */
export function boolean(): Field<'boolean', boolean, false, false> {
  return new Field('boolean', baseOptions);
}

/**
 * A calendar date without a time, read and written as an ISO `YYYY-MM-DD` string (`text` on SQLite,
 * `date` elsewhere).
 *
 * @example
 * ```ts
 * import { date, defineModel, id } from '@kit/kit-db';
 *
 * export const invoice = defineModel('invoice', { id: id(), dueOn: date() });
 * ```
 */
export function date(): Field<'date', string, false, false> {
  return new Field('date', baseOptions);
}

/**
 * A point in time, read and written as a `Date` with millisecond precision (milliseconds since the
 * epoch in an `integer` on SQLite, `timestamptz(3)` on PostgreSQL, UTC `datetime(3)` on MySQL).
 *
 * @example
 * ```ts
 * import { datetime, defineModel, id } from '@kit/kit-db';
 *
 * export const event = defineModel('event', { id: id(), at: datetime().default(() => new Date()) });
 * ```
 */
export function datetime(): Field<'datetime', Date, false, false> {
  return new Field('datetime', baseOptions);
}

/**
 * A JSON value read and written as a whole (`text` on SQLite, `jsonb` on PostgreSQL, `longtext` on
 * MySQL). The type parameter narrows the value type; it is not checked at run time.
 *
 * @example
 * ```ts
 * import { defineModel, id, json } from '@kit/kit-db';
 *
 * export const setting = defineModel('setting', { id: id(), value: json<{ theme: string }>() });
 * ```
 */
export function json<T = JsonValue>(): Field<'json', T, false, false> {
  return new Field('json', baseOptions);
}

/**
 * One value out of a fixed, non-empty list of strings, enforced by a CHECK constraint and before
 * each write. Exported as `enum` (a reserved word: import it as `enum as enumField` or call `db.enum`
 * through a namespace import).
 *
 * @example
 * ```ts
 * import { defineModel, enum as enumField, id } from '@kit/kit-db';
 *
 * export const ticket = defineModel('ticket', { id: id(), status: enumField(['open', 'closed']).default('open') });
 * ```
 */
export function enumField<const TValues extends readonly [string, ...string[]]>(
  values: TValues,
): Field<'enum', TValues[number], false, false> {
  return new Field('enum', { ...baseOptions, values: [...values] });
}

/** Options of `vector()`. */
export interface VectorOptions {
  /** Length of every vector, the output size of the embedding model (384, 1536...). Without it any length is accepted. */
  readonly dimensions?: number;
}

/**
 * An embedding vector: an array of finite numbers. JSON text on SQLite, libSQL and MySQL; on
 * PostgreSQL `vector(n)` when the pgvector extension is available, else `real[]` (32-bit floats).
 *
 * @example
 * ```ts
 * import { defineModel, id, text, vector } from '@kit/kit-db';
 *
 * export const passage = defineModel('passage', { id: id(), body: text(), embedding: vector({ dimensions: 384 }) });
 * ```
 */
export function vector(options: VectorOptions = {}): Field<'vector', number[], false, false> {
  return new Field('vector', options.dimensions === undefined ? baseOptions : { ...baseOptions, dimensions: options.dimensions });
}
