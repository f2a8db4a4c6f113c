import { randomUUID } from 'node:crypto';
import { check, customType, foreignKey, index, integer, primaryKey, real, sqliteTable, text, unique } from 'drizzle-orm/sqlite-core';
import type { ColumnSpec, TableSpec } from '../model/schema.js';
import { plainDefaultClause } from './clauses.js';
import { completeDialect, type ColumnMapping } from './complete-dialect.js';
import type { Dialect } from './dialect.js';
import type { DrizzleModule } from './drizzle-tables.js';
import { quoteWith, standardStringLiteral } from './sql-text.js';

/** Vectors and JSON as text: SQLite has no array or JSON column type. */
const vectorText = customType<{ data: number[]; driverData: string }>({
  dataType: () => 'text',
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => JSON.parse(value) as number[],
});

const quote = quoteWith('"');

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
  return completeDialect({
    name: 'sqlite',
    vectorStorage: 'json',
    quote,
    stringLiteral: standardStringLiteral,
    literal,
    column: sqliteColumn,
    defaultClause: (_type, expression) => plainDefaultClause(expression),
    columnDefinition,
    tableOptions: '',
    alterForeignKeys: false,
    dropTableStatement: (table) => `DROP TABLE IF EXISTS ${quote(table)}`,
    drizzle: { table: sqliteTable, index, unique, check, primaryKey, foreignKey } as unknown as DrizzleModule,
  });
}

function literal(value: unknown, column?: ColumnSpec): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'number') return String(value);
  if (value instanceof Date) return String(value.getTime());
  if (typeof value === 'string' && column?.type !== 'json') return standardStringLiteral(value);
  return standardStringLiteral(JSON.stringify(value));
}

function sqliteColumn(column: ColumnSpec): ColumnMapping {
  switch (column.type) {
    case 'id':
      return column.autoIncrement
        ? { sqlType: 'integer', build: (name) => integer(name, { mode: 'number' }).primaryKey({ autoIncrement: true }) }
        : {
            sqlType: 'text',
            build: (name) =>
              text(name)
                .primaryKey()
                .$defaultFn(() => randomUUID()),
          };
    case 'reference':
      return column.referenceType === 'integer'
        ? { sqlType: 'integer', build: (name) => integer(name, { mode: 'number' }) }
        : { sqlType: 'text', build: (name) => text(name) };
    case 'integer':
      return { sqlType: 'integer', build: (name) => integer(name, { mode: 'number' }) };
    case 'number':
      return { sqlType: 'real', build: (name) => real(name) };
    case 'boolean':
      return { sqlType: 'integer', build: (name) => integer(name, { mode: 'boolean' }) };
    case 'datetime':
      return { sqlType: 'integer', build: (name) => integer(name, { mode: 'timestamp_ms' }) };
    case 'json':
      return { sqlType: 'text', build: (name) => text(name, { mode: 'json' }) };
    case 'vector':
      return { sqlType: 'text', build: (name) => vectorText(name) };
    case 'string':
    case 'enum':
    case 'text':
    case 'date':
      return { sqlType: 'text', build: (name) => text(name) };
  }
}

function columnDefinition(column: ColumnSpec, table: TableSpec, columnType: string): string {
  let definition = `${quote(column.name)} ${columnType}`;
  if (column.primaryKey && table.primaryKey.length === 1)
    definition += column.autoIncrement ? ' PRIMARY KEY AUTOINCREMENT' : ' PRIMARY KEY';
  if (!column.nullable) definition += ' NOT NULL';
  return definition + plainDefaultClause(column.default === undefined ? undefined : literal(column.default.value, column));
}
