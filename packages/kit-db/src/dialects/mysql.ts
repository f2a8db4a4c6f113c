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
} from 'drizzle-orm/mysql-core';
import { maxIdLength } from '../model/check-value.js';
import type { ColumnSpec, TableSpec } from '../model/schema.js';
import { plainDefaultClause } from './clauses.js';
import { completeDialect, type ColumnMapping } from './complete-dialect.js';
import type { Dialect } from './dialect.js';
import type { DrizzleModule } from './drizzle-tables.js';
import { quoteWith } from './sql-text.js';

/** A `Date` as `datetime(3)` text in UTC: `YYYY-MM-DD hh:mm:ss.sss`. */
function utcDatetimeText(value: Date): string {
  return value.toISOString().slice(0, 23).replace('T', ' ');
}

/** JSON and vectors as `longtext` holding JSON: MariaDB's JSON type is the same, and MySQL's would parse on read. */
const jsonText = customType<{ data: unknown; driverData: string }>({
  dataType: () => 'longtext',
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => (typeof value === 'string' ? (JSON.parse(value) as unknown) : value),
});

/** `datetime(3)` in UTC: written as `YYYY-MM-DD hh:mm:ss.sss`, read back as a `Date` whatever the driver gives. */
const utcDatetime = customType<{ data: Date; driverData: string | Date }>({
  dataType: () => 'datetime(3)',
  toDriver: (value) => utcDatetimeText(value),
  fromDriver: (value) => (value instanceof Date ? value : new Date(`${value.replace(' ', 'T')}Z`)),
});

const quote = quoteWith('`');

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
  return completeDialect({
    name: 'mysql',
    vectorStorage: 'json',
    quote,
    stringLiteral: mysqlStringLiteral,
    literal,
    column: mysqlColumn,
    defaultClause,
    columnDefinition,
    tableOptions: 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin',
    alterForeignKeys: true,
    dropTableStatement: (table) => `DROP TABLE IF EXISTS ${quote(table)}`,
    drizzle: { table: mysqlTable, index, unique, check, primaryKey, foreignKey } as unknown as DrizzleModule,
  });
}

/** A MySQL string literal: quotes doubled and backslashes escaped (they are escapes unless NO_BACKSLASH_ESCAPES). */
function mysqlStringLiteral(value: string): string {
  return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

function literal(value: unknown, column?: ColumnSpec): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') return String(value);
  if (value instanceof Date) return mysqlStringLiteral(utcDatetimeText(value));
  if (typeof value === 'string' && column?.type !== 'json') return mysqlStringLiteral(value);
  return mysqlStringLiteral(JSON.stringify(value));
}

/** Text, blob and JSON columns take only expression defaults (in parentheses) on MySQL 8; MariaDB accepts both. */
function defaultClause(type: string, expression: string | undefined): string {
  if (expression !== undefined && /(text|blob|json|geometry)/i.test(type) && !expression.startsWith('(')) return ` DEFAULT (${expression})`;
  return plainDefaultClause(expression);
}

function mysqlColumn(column: ColumnSpec): ColumnMapping {
  // String ids and the keys that point at them share one type, so a key always fits the id it holds.
  const stringKey = { sqlType: `varchar(${maxIdLength})`, build: (name: string) => varchar(name, { length: maxIdLength }) };
  switch (column.type) {
    case 'id':
      return column.autoIncrement
        ? { sqlType: 'int', build: (name) => int(name).autoincrement().primaryKey() }
        : {
            sqlType: stringKey.sqlType,
            build: (name) =>
              stringKey
                .build(name)
                .primaryKey()
                .$defaultFn(() => randomUUID()),
          };
    case 'reference':
      return column.referenceType === 'integer' ? { sqlType: 'int', build: (name) => int(name) } : stringKey;
    case 'string': {
      const length = column.options.maxLength ?? 255;
      return { sqlType: `varchar(${length})`, build: (name) => varchar(name, { length }) };
    }
    case 'enum':
      return { sqlType: 'varchar(255)', build: (name) => varchar(name, { length: 255 }) };
    case 'text':
      return { sqlType: 'longtext', build: (name) => longtext(name) };
    case 'json':
    case 'vector':
      return { sqlType: 'longtext', build: (name) => jsonText(name) };
    case 'integer':
      return column.options.big
        ? { sqlType: 'bigint', build: (name) => bigint(name, { mode: 'number' }) }
        : { sqlType: 'int', build: (name) => int(name) };
    case 'number':
      return { sqlType: 'double', build: (name) => double(name) };
    case 'boolean':
      return { sqlType: 'boolean', build: (name) => boolean(name) };
    case 'date':
      return { sqlType: 'date', build: (name) => date(name, { mode: 'string' }) };
    case 'datetime':
      return { sqlType: 'datetime(3)', build: (name) => utcDatetime(name) };
  }
}

function columnDefinition(column: ColumnSpec, table: TableSpec, columnType: string): string {
  let definition = `${quote(column.name)} ${columnType}`;
  if (!column.nullable) definition += ' NOT NULL';
  if (column.autoIncrement) definition += ' AUTO_INCREMENT';
  if (column.primaryKey && table.primaryKey.length === 1) definition += ' PRIMARY KEY';
  return definition + defaultClause(columnType, column.default === undefined ? undefined : literal(column.default.value, column));
}
