import type { SQL, Table } from 'drizzle-orm';

/** A drizzle select being built: the few builder methods the search uses, the same on every dialect. */
export interface SelectQuery extends PromiseLike<Record<string, unknown>[]> {
  where(condition: SQL | undefined): SelectQuery;
  orderBy(...keys: (SQL | SQL.Aliased | object)[]): SelectQuery;
  limit(count: number): SelectQuery;
}

/**
 * What the search needs of a drizzle instance. `KitDatabase.drizzle` is one of four drizzle types whose
 * `select` signatures differ only in their dialect generics, so a union cannot be called directly.
 */
export interface SelectDatabase {
  select(fields: Record<string, unknown>): { from(table: Table): SelectQuery };
}

/** The drizzle instance of any provider, seen through `SelectDatabase`. */
export function selectable(drizzle: unknown): SelectDatabase {
  return drizzle as SelectDatabase;
}
