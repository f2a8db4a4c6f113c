import type { Table } from 'drizzle-orm';
import type { ColumnSpec, TableSpec } from '../model/schema.js';

/** The SQL dialects kit-db compiles to: `sqlite` serves the `sqlite` and `libsql` providers. */
export type DialectName = 'sqlite' | 'postgres' | 'mysql';

/** How a dialect stores `vector()` fields. */
export type VectorStorage = 'json' | 'pgvector' | 'array';

/** Choices made when a dialect is created. */
export interface DialectOptions {
  /** PostgreSQL only: `'pgvector'` for `vector(n)` columns, `'array'` (default) for `real[]`. */
  readonly vectorStorage?: 'pgvector' | 'array';
}

/**
 * One SQL dialect: how compiled tables become drizzle tables and DDL, and how values travel. One
 * instance per database, since PostgreSQL's vector storage depends on the server.
 */
export interface Dialect {
  readonly name: DialectName;
  /** Storage of `vector()` fields in this dialect instance. */
  readonly vectorStorage: VectorStorage;
  /** An identifier quoted for this dialect (`"ticket"`, `` `ticket` ``). */
  quote(identifier: string): string;
  /** A value written as an SQL literal (for defaults and checks; strings are escaped). */
  literal(value: unknown, column?: ColumnSpec): string;
  /** The SQL type of a column (`varchar(255)`, `timestamptz(3)`, `integer`). */
  columnType(column: ColumnSpec): string;
  /** One column's definition inside `CREATE TABLE`: name, type, NOT NULL, DEFAULT, and inline primary key where the dialect needs it. */
  columnDefinition(column: ColumnSpec, table: TableSpec): string;
  /** `CREATE TABLE` (with primary key, unique constraints, checks and, unless `foreignKeys: false`, foreign keys) then `CREATE INDEX` statements. */
  createTableStatements(table: TableSpec, options?: { readonly foreignKeys?: boolean }): string[];
  /** Statements creating every table, ordered so referenced tables come first; foreign keys inside cycles are added afterwards where the dialect allows. */
  createSchemaStatements(tables: readonly TableSpec[]): string[];
  /** `DROP TABLE IF EXISTS` of one table. */
  dropTableStatement(table: string): string;
  /**
   * The drizzle table of a compiled table, for queries (and for drizzle-kit). Its foreign keys are
   * built lazily through `lookup` (table name → drizzle table); without it the table has none.
   */
  buildTable(table: TableSpec, lookup?: (tableName: string) => Table | undefined): Table;
  /** The drizzle tables of a whole schema, by table name, with their foreign keys. */
  buildTables(tables: readonly TableSpec[]): ReadonlyMap<string, Table>;
}
