import { and, eq, getTableColumns, isNull, type Column, type SQL, type Table } from 'drizzle-orm';
import { KitDbError } from '../errors/kit-db-error.js';
import type { ResolvedModel } from '../model/schema.js';

/**
 * The drizzle condition of an equality filter (`{ status: 'open', projectId: 'p1' }`; `null` matches
 * NULL) on the scalar columns of a model. Refuses `json()` and `vector()` columns and unknown names,
 * naming the model, the field and the columns that can be filtered on.
 */
export function equalityCondition(
  resolved: ResolvedModel,
  table: Table,
  filter: Readonly<Record<string, unknown>> | undefined,
  where: string,
): SQL | undefined {
  if (filter === undefined) return undefined;
  if (filter === null || typeof filter !== 'object' || Array.isArray(filter)) {
    throw new KitDbError(
      'invalid_input',
      `${where}: filter must be an object of column names and values, got ${filter === null ? 'null' : Array.isArray(filter) ? 'an array' : typeof filter}.`,
      { model: resolved.name, field: 'filter' },
    );
  }
  const columns = getTableColumns(table) as Record<string, Column>;
  const scalar = resolved.table.columns.filter((column) => column.type !== 'json' && column.type !== 'vector').map((column) => column.name);
  const conditions: SQL[] = [];
  for (const [name, value] of Object.entries(filter)) {
    if (value === undefined) continue;
    const column = columns[name];
    if (!scalar.includes(name) || column === undefined) {
      throw new KitDbError(
        'invalid_input',
        `${where}: filter names "${name}", which is not a column of model "${resolved.name}" that can be compared for equality; use one of ${scalar.join(', ')}.`,
        { model: resolved.name, field: `filter.${name}` },
      );
    }
    if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
      throw new KitDbError('invalid_input', `${where}: filter.${name} must be a value to compare for equality (or null), got an object.`, {
        model: resolved.name,
        field: `filter.${name}`,
      });
    }
    conditions.push(value === null ? isNull(column) : eq(column, value));
  }
  return conditions.length === 0 ? undefined : and(...conditions);
}
