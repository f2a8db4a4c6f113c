import { randomUUID } from 'node:crypto';
import type { Table } from 'drizzle-orm';
import { check, customType, foreignKey, index, integer, primaryKey, real, sqliteTable, text, unique, type SQLiteColumnBuilderBase } from 'drizzle-orm/sqlite-core';
import type { ColumnSpec, TableSpec } from '../model/schema.js';
import { createSchemaStatements, createTableStatements, type DdlWriter } from './ddl.js';
import type { Dialect } from './dialect.js';
import { drizzleTableBuilder, quoteWith, type DrizzleModule, stringLiteral } from './shared.js';

/** Vectors and JSON as text: SQLite has no array or JSON column type. */
const vectorText = customType<{ data: number[]; driverData: string }>({
  dataType: () => 'text',
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => JSON.parse(value) as number[],
});

/**
 * The SQLite dialect (providers `sqlite` and `libsql`): strings, enums and dates are `text`, booleans
 * `integer` 0/1, datetimes `integer` milliseconds since the epoch, JSON and vectors JSON `text`.
 *
 * @example
 * ```ts
 * import { defineModel, id, resolveModels, sqliteDialect, string } from '@kit/kit-db';
 *
 * const schema = resolveModels([defineModel('note', { id: id(), title: string() })]);
 * console.log(sqliteDialect().createSchemaStatements(schema.tables).join(';\n'));
 * ```
 */
export function sqliteDialect(): Dialect {
  const quote = quoteWith('"');
  const literal = (value: unknown, column?: ColumnSpec): string => {
    if (value === null || value === undefined) return 'NULL';
    if (typeof value === 'boolean') return value ? '1' : '0';
    if (typeof value === 'number') return String(value);
    if (value instanceof Date) return String(value.getTime());
    if (typeof value === 'string' && column?.type !== 'json') return stringLiteral(value);
    return stringLiteral(JSON.stringify(value));
  };
  const columnType = (column: ColumnSpec): string => {
    switch (column.type) {
      case 'id':
        return column.autoIncrement ? 'integer' : 'text';
      case 'reference':
        return column.referenceType === 'integer' ? 'integer' : 'text';
      case 'integer':
      case 'boolean':
      case 'datetime':
        return 'integer';
      case 'number':
        return 'real';
      default:
        return 'text';
    }
  };
  const columnDefinition = (column: ColumnSpec, table: TableSpec): string => {
    let definition = `${quote(column.name)} ${columnType(column)}`;
    if (column.primaryKey && table.primaryKey.length === 1) definition += column.autoIncrement ? ' PRIMARY KEY AUTOINCREMENT' : ' PRIMARY KEY';
    if (!column.nullable) definition += ' NOT NULL';
    if (column.default !== undefined) definition += ` DEFAULT ${literal(column.default.value, column)}`;
    return definition;
  };
  const writer: DdlWriter = { quote, literal, columnDefinition, tableSuffix: '', alterForeignKeys: false };

  const buildColumn = (column: ColumnSpec): SQLiteColumnBuilderBase => {
    const name = column.name;
    switch (column.type) {
      case 'id':
        return column.autoIncrement ? integer(name, { mode: 'number' }).primaryKey({ autoIncrement: true }) : text(name).primaryKey().$defaultFn(() => randomUUID());
      case 'reference':
        return column.referenceType === 'integer' ? integer(name, { mode: 'number' }) : text(name);
      case 'integer':
        return integer(name, { mode: 'number' });
      case 'number':
        return real(name);
      case 'boolean':
        return integer(name, { mode: 'boolean' });
      case 'datetime':
        return integer(name, { mode: 'timestamp_ms' });
      case 'json':
        return text(name, { mode: 'json' });
      case 'vector':
        return vectorText(name);
      default:
        return text(name);
    }
  };

  const buildTable = drizzleTableBuilder({ table: sqliteTable, index, unique, check, primaryKey, foreignKey } as unknown as DrizzleModule, buildColumn, quote, literal);


  return {
    name: 'sqlite',
    vectorStorage: 'json',
    quote,
    literal,
    columnType,
    columnDefinition,
    createTableStatements: (table, options) => createTableStatements(writer, table, options),
    createSchemaStatements: (tables) => createSchemaStatements(writer, tables),
    dropTableStatement: (table) => `DROP TABLE IF EXISTS ${quote(table)}`,
    buildTable,
    buildTables: (tables) => buildAll(tables, buildTable),
  };
}

/** Builds every table with a lookup that sees them all, so foreign keys resolve whatever the order. */
export function buildAll(tables: readonly TableSpec[], build: (table: TableSpec, lookup: (name: string) => Table | undefined) => Table): ReadonlyMap<string, Table> {
  const built = new Map<string, Table>();
  const lookup = (name: string): Table | undefined => built.get(name);
  for (const table of tables) built.set(table.name, build(table, lookup));
  return built;
}
