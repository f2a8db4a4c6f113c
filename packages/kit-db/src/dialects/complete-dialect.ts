import type { ColumnSpec, TableSpec } from '../model/schema.js';
import { checkClause, foreignKeyClause } from './clauses.js';
import { createSchemaStatements, createTableStatements, type DdlWriter } from './ddl.js';
import type { Dialect } from './dialect.js';
import { buildAllTables, drizzleTableBuilder, type DrizzleModule } from './drizzle-tables.js';

/**
 * A field's column in one dialect: the SQL type its DDL and snapshots write, and the drizzle builder
 * declaring the same column for queries. One switch of the dialect returns both, so they cannot drift apart.
 */
export interface ColumnMapping {
  readonly sqlType: string;
  readonly build: (name: string) => unknown;
}

/** What a dialect decides itself; `completeDialect` derives the rest the same way for every dialect. */
export interface DialectParts extends Pick<
  Dialect,
  'name' | 'vectorStorage' | 'quote' | 'stringLiteral' | 'literal' | 'defaultClause' | 'tableOptions' | 'dropTableStatement'
> {
  /** The SQL type and drizzle builder of a column. */
  column(column: ColumnSpec): ColumnMapping;
  /** The column's definition inside `CREATE TABLE`; `columnType` is this dialect's own. */
  columnDefinition(column: ColumnSpec, table: TableSpec, columnType: string): string;
  /** Whether a foreign key can be added after `CREATE TABLE` (not on SQLite). */
  readonly alterForeignKeys: boolean;
  /** The drizzle module of the dialect (`sqlite-core`, `pg-core`, `mysql-core`). */
  readonly drizzle: DrizzleModule;
}

/** The dialect made of `parts`: clauses, DDL and drizzle tables all spelled by the same quoting and escaping. */
export function completeDialect(parts: DialectParts): Dialect {
  const spelling = { quote: parts.quote, stringLiteral: parts.stringLiteral };
  const columnType = (column: ColumnSpec): string => parts.column(column).sqlType;
  const buildTable = drizzleTableBuilder(parts.drizzle, (column) => parts.column(column).build(column.name), spelling);
  const writer: DdlWriter = {
    quote: parts.quote,
    columnDefinition: (column, table) => parts.columnDefinition(column, table, columnType(column)),
    checkClause: (check) => checkClause(spelling, check),
    foreignKeyClause: (key) => foreignKeyClause(spelling, key),
    tableOptions: parts.tableOptions,
    alterForeignKeys: parts.alterForeignKeys,
  };
  return {
    name: parts.name,
    vectorStorage: parts.vectorStorage,
    quote: parts.quote,
    stringLiteral: parts.stringLiteral,
    literal: parts.literal,
    columnType,
    defaultClause: parts.defaultClause,
    columnDefinition: writer.columnDefinition,
    checkClause: writer.checkClause,
    foreignKeyClause: writer.foreignKeyClause,
    tableOptions: parts.tableOptions,
    createTableStatements: (table, options) => createTableStatements(writer, table, options),
    createSchemaStatements: (tables) => createSchemaStatements(writer, tables),
    dropTableStatement: parts.dropTableStatement,
    buildTable,
    buildTables: (tables) => buildAllTables(tables, buildTable),
  };
}
