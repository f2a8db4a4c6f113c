import { and, asc, desc, eq, gt, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { KitDbError } from '../errors/kit-db-error.js';
import { typeName } from '../model/check-value.js';
import type { ColumnSpec, ResolvedModel } from '../model/schema.js';

/** One resolved sort key. */
export interface SortKey {
  readonly column: ColumnSpec;
  readonly direction: 'asc' | 'desc';
}

type Columns = Readonly<Record<string, unknown>>;
type Column = Parameters<typeof eq>[0];

/** The sort keys of a list: those asked for, then the id (unless already there) so every order is total. */
export function sortKeys(model: ResolvedModel, orderBy: unknown): SortKey[] {
  const list = orderBy === undefined ? [] : Array.isArray(orderBy) ? orderBy : [orderBy];
  const keys: SortKey[] = [];
  for (const entry of list) {
    const field = (entry as { field?: unknown } | null)?.field;
    const direction = (entry as { direction?: unknown } | null)?.direction ?? 'asc';
    const column = model.table.columns.find((c) => c.name === field);
    if (column === undefined || (direction !== 'asc' && direction !== 'desc')) {
      const problem =
        column === undefined
          ? `field ${typeof field === 'string' ? `"${field}" is not a column of ${model.name}` : `must name a column, got ${typeName(field)}`}`
          : `direction must be 'asc' or 'desc', got ${typeName(direction)}`;
      throw new KitDbError(
        'invalid_input',
        `orderBy of ${model.name}: ${problem}; write { field: '<column>', direction: 'asc' | 'desc' }.`,
        {
          model: model.name,
          field: 'orderBy',
          issues: [{ field: 'orderBy', message: problem }],
        },
      );
    }
    if (column.type === 'json' || column.type === 'vector') {
      throw new KitDbError(
        'invalid_input',
        `orderBy of ${model.name}: ${column.name} is a ${column.type}() column, which cannot be sorted on.`,
        {
          model: model.name,
          field: 'orderBy',
          issues: [{ field: 'orderBy', message: `${column.name} cannot be sorted on` }],
        },
      );
    }
    if (!keys.some((key) => key.column.name === column.name)) keys.push({ column, direction });
  }
  if (!keys.some((key) => key.column.primaryKey))
    keys.push({ column: model.table.columns.find((c) => c.name === model.idColumn)!, direction: 'asc' });
  return keys;
}

/**
 * The ORDER BY of the keys. NULL sorts as the lowest value on every provider (first ascending, last
 * descending), which SQLite and MySQL do by themselves and PostgreSQL is told to.
 */
export function orderClauses(keys: readonly SortKey[], columns: Columns): SQL[] {
  const clauses: SQL[] = [];
  for (const key of keys) {
    const column = columns[key.column.name] as Column;
    if (key.column.nullable) clauses.push(key.direction === 'asc' ? sql`(${column} IS NULL) DESC` : sql`(${column} IS NULL) ASC`);
    clauses.push(key.direction === 'asc' ? asc(column) : desc(column));
  }
  return clauses;
}

/** The condition "after this row" in the order of `keys` (keyset pagination), NULLs being lowest. */
export function afterRow(keys: readonly SortKey[], columns: Columns, values: readonly unknown[]): SQL {
  const branches: SQL[] = [];
  for (let i = 0; i < keys.length; i++) {
    const parts: SQL[] = [];
    for (let j = 0; j < i; j++) parts.push(equal(columns[keys[j]!.column.name] as Column, values[j]));
    const after = strictlyAfter(keys[i]!, columns[keys[i]!.column.name] as Column, values[i]);
    if (after === undefined) continue;
    parts.push(after);
    branches.push(and(...parts)!);
  }
  return branches.length === 0 ? sql`1 = 0` : or(...branches)!;
}

function equal(column: Column, value: unknown): SQL {
  return value === null ? isNull(column) : eq(column, value);
}

function strictlyAfter(key: SortKey, column: Column, value: unknown): SQL | undefined {
  if (key.direction === 'asc') return value === null ? isNotNull(column) : gt(column, value);
  // Descending, NULLs come last: nothing is strictly after a NULL.
  if (value === null) return undefined;
  return key.column.nullable ? or(lt(column, value), isNull(column))! : lt(column, value);
}
