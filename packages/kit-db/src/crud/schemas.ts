import { z } from 'zod';
import type { AnyModel } from '../model/types.js';
import { isScalar, valueSchema, type CrudColumn } from './columns.js';

/** Query parameters of the list route that steer paging and order; a column of one of these names cannot be a filter. */
export const listControls = ['limit', 'offset', 'cursor', 'orderBy', 'order'] as const;

/** Most records one list page returns, and the default. */
export const maxListLimit = 100;
export const defaultListLimit = 20;

/** Every schema of a model's generated routes. */
export interface CrudSchemas {
  readonly row: z.ZodType;
  readonly id: z.ZodType;
  readonly list: z.ZodType;
  readonly listOutput: z.ZodType;
  readonly get: z.ZodType;
  readonly create: z.ZodType;
  readonly update: z.ZodType;
  readonly delete: z.ZodType;
  readonly deleteOutput: z.ZodType;
  /** Columns a list can be filtered on by equality, with their query parameter. */
  readonly filterColumns: readonly CrudColumn[];
  /** Columns a list can be ordered by. */
  readonly sortColumns: readonly CrudColumn[];
  /** Columns a create or update may set (everything but the id). */
  readonly writableColumns: readonly CrudColumn[];
}

/** Derives the input and output schemas of the five routes from the model's columns. */
export function crudSchemas(model: AnyModel, columns: readonly CrudColumn[]): CrudSchemas {
  const idColumn = columns.find((column) => column.type === 'id');
  const value = (column: CrudColumn) => valueSchema(column, model.name);
  const rowShape: Record<string, z.ZodType> = {};
  for (const column of columns) {
    const output = valueSchema(column, model.name, 'output');
    // A json() column may hold a JSON null written by other code; a row that has one is still a row.
    rowShape[column.name] = column.nullable || column.type === 'json' ? output.nullable() : output;
  }
  const row = z.object(rowShape);
  const id = idColumn ? value(idColumn) : z.string().min(1);

  const controls = new Set<string>(listControls);
  const filterColumns = columns.filter((column) => isScalar(column) && !controls.has(column.name));
  const sortColumns = columns.filter(isScalar);
  const listShape: Record<string, z.ZodType> = {
    limit: z
      .number()
      .int()
      .min(1)
      .max(maxListLimit)
      .default(defaultListLimit)
      .describe(`Most ${model.name} records to return, 1 to ${maxListLimit}; default ${defaultListLimit}.`),
    offset: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe('Records to skip; the answer then has total instead of nextCursor. Not together with cursor.'),
    cursor: z.string().min(1).optional().describe('nextCursor of the previous page, to read the next one with the same filters and order.'),
    orderBy: z
      .enum(sortColumns.map((column) => column.name) as [string, ...string[]])
      .optional()
      .describe('Column to sort by; default the id. Ties are ordered by id.'),
    order: z.enum(['asc', 'desc']).default('asc').describe('Sort direction; default asc.'),
  };
  for (const column of filterColumns) listShape[column.name] = value(column).optional();
  const list = z.strictObject(listShape);
  const listOutput = z.strictObject({
    items: z.array(row),
    nextCursor: z.string().optional().describe('Pass as cursor to read the next page; absent on the last page and when offset was given.'),
    total: z.number().int().optional().describe('How many records match the filters, when offset was given.'),
  });

  const idShape = { id };
  const writableColumns = columns.filter((column) => column.type !== 'id');
  const createShape: Record<string, z.ZodType> = {};
  const updateShape: Record<string, z.ZodType> = { ...idShape };
  for (const column of writableColumns) {
    const base = column.nullable ? value(column).nullable() : value(column);
    createShape[column.name] = column.nullable || column.hasDefault ? base.optional() : base;
    updateShape[column.name] = base.optional();
  }

  return {
    row,
    id,
    list,
    listOutput,
    get: z.strictObject(idShape),
    create: z.strictObject(createShape),
    update: z.strictObject(updateShape),
    delete: z.strictObject(idShape),
    deleteOutput: z.strictObject({ id, deleted: z.literal(true) }),
    filterColumns,
    sortColumns,
    writableColumns,
  };
}
