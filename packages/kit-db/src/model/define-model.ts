import { KitDbError } from '../errors/kit-db-error.js';
import type { InsertOf, ModelOptions, ModelShape, RowOf, UpdateOf } from './types.js';
import { snakeCase } from './naming.js';
import { checkEntry } from './check-entry.js';

/**
 * A data model: its name, its fields and relations, and its table options. Made by `defineModel`.
 *
 * @example
 * ```ts
 * import { defineModel, id, string, type Model } from '@kit/kit-db';
 *
 * const tag = defineModel('tag', { id: id(), name: string() });
 * const models: Model[] = [tag];
 * ```
 */
export class Model<TName extends string = string, TShape extends ModelShape = ModelShape> {
  readonly kind = 'model' as const;
  /** Name of the table in the database. */
  readonly tableName: string;

  constructor(
    readonly name: TName,
    readonly fields: TShape,
    readonly options: ModelOptions = {},
  ) {
    this.tableName = options.tableName ?? snakeCase(name);
  }
}

/**
 * Phantom types of a model made by `defineModel`, for `typeof ticket.$row` (never values at run
 * time). Kept off the `Model` class so a specific model stays assignable to `Model`.
 */
export interface ModelTypes<TShape extends ModelShape> {
  /** A row as reads return it (`InferRow`). */
  readonly $row: RowOf<TShape>;
  /** The values of an insert (`InferInsert`). */
  readonly $insert: InsertOf<TShape>;
  /** The values of an update (`InferUpdate`). */
  readonly $update: UpdateOf<TShape>;
}

const modelName = /^[A-Za-z][A-Za-z0-9_]*$/;

/**
 * Defines a data model: `name` (letters, digits and `_`, starting with a letter) names it for relations
 * and its table (in snake_case); `fields` maps field names to field builders (`id()`, `string()`, ...)
 * and relation builders (`belongsTo('project')`, ...); `options` adds composite indexes and unique
 * constraints. The result also carries the phantom types `$row`, `$insert` and `$update`
 * (`typeof ticket.$row`). Checks each entry at once (`unknown_field_type` for anything else); relations are
 * checked when the models meet in `createDatabase` or `resolveModels`.
 *
 * @example
 * ```ts
 * import { belongsTo, defineModel, enum as enumField, id, string } from '@kit/kit-db';
 *
 * export const ticket = defineModel(
 *   'ticket',
 *   {
 *     id: id(),
 *     title: string(),
 *     status: enumField(['open', 'closed']).default('open'),
 *     project: belongsTo('project'),
 *   },
 *   { indexes: [{ fields: ['projectId', 'status'] }] },
 * );
 * ```
 */
export function defineModel<const TName extends string, const TShape extends ModelShape>(
  name: TName,
  fields: TShape,
  options: ModelOptions<keyof RowOf<TShape> & string> = {},
): Model<TName, TShape> & ModelTypes<TShape> {
  if (typeof name !== 'string' || !modelName.test(name)) {
    throw new KitDbError(
      'invalid_model',
      `defineModel: model name ${JSON.stringify(name)} is not valid; use letters, digits and _ starting with a letter (e.g. 'ticket' or 'projectSettings').`,
      { model: String(name) },
    );
  }
  if (fields === null || typeof fields !== 'object') {
    throw new KitDbError(
      'invalid_model',
      `defineModel('${name}'): fields must be an object of field and relation builders, got ${typeof fields}.`,
      { model: name },
    );
  }
  for (const [field, entry] of Object.entries(fields)) checkEntry(name, field, entry);
  return new Model(name, fields, options) as Model<TName, TShape> & ModelTypes<TShape>;
}
