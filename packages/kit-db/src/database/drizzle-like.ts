import type { SQL, Table } from 'drizzle-orm';

/**
 * The part of drizzle's query builders kit-db uses, common to its four drivers. The drivers' own
 * types differ in ways that do not matter here (sync or async sessions, result shapes), so the
 * operations are written once against this shape.
 */
export interface QueryBuilder extends PromiseLike<unknown> {
  from(table: Table): QueryBuilder;
  innerJoin(table: Table, on: SQL): QueryBuilder;
  where(condition: SQL | undefined): QueryBuilder;
  orderBy(...clauses: SQL[]): QueryBuilder;
  limit(count: number): QueryBuilder;
  offset(count: number): QueryBuilder;
  values(values: Record<string, unknown>): QueryBuilder;
  set(values: Record<string, unknown>): QueryBuilder;
  returning(fields?: Record<string, unknown>): QueryBuilder;
  onConflictDoNothing(): QueryBuilder;
  onDuplicateKeyUpdate(config: { set: Record<string, unknown> }): QueryBuilder;
  $returningId(): QueryBuilder;
}

/** A drizzle database or transaction of any driver, as kit-db's operations see it. */
export interface DrizzleLike {
  select(fields?: Record<string, unknown>): QueryBuilder;
  insert(table: Table): QueryBuilder;
  update(table: Table): QueryBuilder;
  delete(table: Table): QueryBuilder;
}
