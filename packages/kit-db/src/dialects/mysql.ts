import { randomUUID } from 'node:crypto';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  double,
  foreignKey,
  index,
  int,
  longtext,
  mysqlTable,
  primaryKey,
  unique,
  varchar,
  type MySqlColumnBuilderBase,
} from 'drizzle-orm/mysql-core';
import type { ColumnSpec, TableSpec } from '../model/schema.js';
import { createSchemaStatements, createTableStatements, type DdlWriter } from './ddl.js';
import type { Dialect } from './dialect.js';
import { drizzleTableBuilder, quoteWith, type DrizzleModule } from './shared.js';
import { buildAll } from './sqlite.js';
import { maxIdLength } from '../model/check-value.js';

/** JSON and vectors as `longtext` holding JSON: MariaDB's JSON type is the same, and MySQL's would parse on read. */
const jsonText = customType<{ data: unknown; driverData: string }>({
  dataType: () => 'longtext',
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => (typeof value === 'string' ? (JSON.parse(value) as unknown) : value),
});

/** `datetime(3)` in UTC: written as `YYYY-MM-DD hh:mm:ss.sss`, read back as a `Date` whatever the driver gives. */
const utcDatetime = customType<{ data: Date; driverData: string | Date }>({
  dataType: () => 'datetime(3)',
  toDriver: (value) => value.toISOString().slice(0, 23).replace('T', ' '),
  fromDriver: (value) => (value instanceof Date ? value : new Date(`${value.replace(' ', 'T')}Z`)),
});

/**
 * The MySQL dialect (tested on MariaDB): string ids `varchar(255)`, strings `varchar(n)`, long text,
 * JSON and vectors `longtext`, datetimes UTC `datetime(3)`, booleans `boolean`; tables are InnoDB in
 * `utf8mb4` with the binary collation, so comparisons and unique constraints are case-sensitive as on
 * the other providers.
 *
 * @example
 * ```ts
 * import { defineModel, id, mysqlDialect, resolveModels, string } from '@kit/kit-db';
 *
 * const schema = resolveModels([defineModel('note', { id: id(), title: string() })]);
 * console.log(mysqlDialect().createSchemaStatements(schema.tables)[0]);
 * ```
 */
export function mysqlDialect(): Dialect {
  const quote = quoteWith('`');
  const literal = (value: unknown, column?: ColumnSpec): string => {
    if (value === null || value === undefined) return 'NULL';
    if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
    if (typeof value === 'number') return String(value);
    if (value instanceof Date) return mysqlString(value.toISOString().slice(0, 23).replace('T', ' '));
    if (typeof value === 'string' && column?.type !== 'json') return mysqlString(value);
    return mysqlString(JSON.stringify(value));
  };
  const columnType = (column: ColumnSpec): string => {
    switch (column.type) {
      case 'id':
        return column.autoIncrement ? 'int' : `varchar(${maxIdLength})`;
      case 'reference':
        return column.referenceType === 'integer' ? 'int' : `varchar(${maxIdLength})`;
      case 'string':
        return `varchar(${column.options.maxLength ?? 255})`;
      case 'enum':
        return 'varchar(255)';
      case 'text':
      case 'json':
      case 'vector':
        return 'longtext';
      case 'integer':
        return column.options.big ? 'bigint' : 'int';
      case 'number':
        return 'double';
      case 'boolean':
        return 'boolean';
      case 'date':
        return 'date';
      case 'datetime':
        return 'datetime(3)';
    }
  };
  const columnDefinition = (column: ColumnSpec, table: TableSpec): string => {
    let definition = `${quote(column.name)} ${columnType(column)}`;
    if (!column.nullable) definition += ' NOT NULL';
    if (column.autoIncrement) definition += ' AUTO_INCREMENT';
    if (column.primaryKey && table.primaryKey.length === 1) definition += ' PRIMARY KEY';
    if (column.default !== undefined) {
      const value = literal(column.default.value, column);
      // Text columns take only expression defaults (in parentheses) on MySQL 8; MariaDB accepts both.
      definition += columnType(column) === 'longtext' ? ` DEFAULT (${value})` : ` DEFAULT ${value}`;
    }
    return definition;
  };
  const writer: DdlWriter = { quote, literal, columnDefinition, tableSuffix: ' ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin', alterForeignKeys: true };

  const buildColumn = (column: ColumnSpec): MySqlColumnBuilderBase => {
    const name = column.name;
    switch (column.type) {
      case 'id':
        return column.autoIncrement ? int(name).autoincrement().primaryKey() : varchar(name, { length: maxIdLength }).primaryKey().$defaultFn(() => randomUUID());
      case 'reference':
        return column.referenceType === 'integer' ? int(name) : varchar(name, { length: maxIdLength });
      case 'string':
        return varchar(name, { length: column.options.maxLength ?? 255 });
      case 'enum':
        return varchar(name, { length: 255 });
      case 'text':
        return longtext(name);
      case 'json':
      case 'vector':
        return jsonText(name);
      case 'integer':
        return column.options.big ? bigint(name, { mode: 'number' }) : int(name);
      case 'number':
        return double(name);
      case 'boolean':
        return boolean(name);
      case 'date':
        return date(name, { mode: 'string' });
      case 'datetime':
        return utcDatetime(name);
    }
  };

  const buildTable = drizzleTableBuilder({ table: mysqlTable, index, unique, check, primaryKey, foreignKey } as unknown as DrizzleModule, buildColumn, quote, literal);


  return {
    name: 'mysql',
    vectorStorage: 'json',
    quote,
    literal,
    columnType,
    columnDefinition,
    createTableStatements: (table, opts) => createTableStatements(writer, table, opts),
    createSchemaStatements: (tables) => createSchemaStatements(writer, tables),
    dropTableStatement: (table) => `DROP TABLE IF EXISTS ${quote(table)}`,
    buildTable,
    buildTables: (tables) => buildAll(tables, buildTable),
  };
}

/** A MySQL string literal: quotes doubled and backslashes escaped (they are escapes unless NO_BACKSLASH_ESCAPES). */
function mysqlString(value: string): string {
  return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}
