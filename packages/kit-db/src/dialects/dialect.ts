import type { Table } from 'drizzle-orm';
import type { CheckSpec, ColumnSpec, TableSpec } from '../model/schema.js';

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
 * A foreign key as `foreignKeyClause` writes it. Compiled tables and migration snapshots both hand
 * their keys over in this shape, so the clause has one writer.
 */
export interface ForeignKeyClauseParts {
  readonly name: string;
  readonly columns: readonly string[];
  readonly refTable: string;
  readonly refColumns: readonly string[];
  /** `cascade`, `set null`, `restrict`, `no action` or `set default`, in any case. */
  readonly onDelete: string;
  /** Written as `ON UPDATE …` only when given. */
  readonly onUpdate?: string;
}

/**
 * One SQL dialect: how compiled tables become drizzle tables and DDL, and how values travel. One
 * instance per database, since PostgreSQL's vector storage depends on the server. It is the one
 * place that knows how its SQL is spelled, so `CREATE TABLE` and generated migrations agree.
 */
export interface Dialect {
  readonly name: DialectName;
  /** Storage of `vector()` fields in this dialect instance. */
  readonly vectorStorage: VectorStorage;
  /** An identifier quoted for this dialect (`"ticket"`, `` `ticket` ``). */
  quote(identifier: string): string;
  /**
   * A string written as an SQL string literal, escaped for this dialect: single quotes doubled
   * everywhere, backslashes doubled too on MySQL, where they start escapes.
   *
   * @example
   * ```ts
   * import { mysqlDialect, sqliteDialect } from '@kit/kit-db';
   *
   * console.log(sqliteDialect().stringLiteral("it's")); // 'it''s'
   * console.log(mysqlDialect().stringLiteral('C:\\temp')); // 'C:\\temp'
   * ```
   */
  stringLiteral(value: string): string;
  /** A value written as an SQL literal (for defaults and checks; strings are escaped). */
  literal(value: unknown, column?: ColumnSpec): string;
  /** The SQL type of a column (`varchar(255)`, `timestamptz(3)`, `integer`). */
  columnType(column: ColumnSpec): string;
  /**
   * The ` DEFAULT …` words of a column of SQL type `type` whose default is the SQL expression
   * `expression` (as `literal` writes it), with their leading space; `''` without a default. MySQL
   * puts the expression in parentheses on text, blob and JSON columns, which take no other form.
   *
   * @example
   * ```ts
   * import { mysqlDialect, postgresDialect } from '@kit/kit-db';
   *
   * console.log(postgresDialect().defaultClause('text', "'open'")); //  DEFAULT 'open'
   * console.log(mysqlDialect().defaultClause('longtext', "'open'")); //  DEFAULT ('open')
   * ```
   */
  defaultClause(type: string, expression: string | undefined): string;
  /** One column's definition inside `CREATE TABLE`: name, type, NOT NULL, DEFAULT, and inline primary key where the dialect needs it. */
  columnDefinition(column: ColumnSpec, table: TableSpec): string;
  /**
   * `CONSTRAINT … CHECK (…)` allowing a column only the listed values.
   *
   * @example
   * ```ts
   * import { postgresDialect } from '@kit/kit-db';
   *
   * const clause = postgresDialect().checkClause({ name: 'ticket_status_check', column: 'status', values: ['open', 'closed'] });
   * console.log(clause); // CONSTRAINT "ticket_status_check" CHECK ("status" IN ('open', 'closed'))
   * ```
   */
  checkClause(check: CheckSpec): string;
  /**
   * `CONSTRAINT … FOREIGN KEY (…) REFERENCES … (…) ON DELETE …`, for `CREATE TABLE` or `ALTER TABLE … ADD`.
   *
   * @example
   * ```ts
   * import { mysqlDialect } from '@kit/kit-db';
   *
   * const clause = mysqlDialect().foreignKeyClause({ name: 'ticket_projectId_fk', columns: ['projectId'], refTable: 'project', refColumns: ['id'], onDelete: 'cascade' });
   * console.log(clause); // CONSTRAINT `ticket_projectId_fk` FOREIGN KEY (`projectId`) REFERENCES `project` (`id`) ON DELETE CASCADE
   * ```
   */
  foreignKeyClause(key: ForeignKeyClauseParts): string;
  /** Words after the closing parenthesis of `CREATE TABLE` (MySQL's engine and collation), `''` when none. */
  readonly tableOptions: string;
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
