import { columnList } from '../../dialects/clauses.js';
import type { Dialect } from '../../dialects/dialect.js';
import type { SchemaDiff, TableChanges } from '../diff/diff-snapshots.js';
import type { SnapshotColumn, SnapshotTable } from '../snapshot/snapshot.js';
import { notNullNote, serverStatements, type MigrationStatement } from './common.js';

/**
 * MySQL and MariaDB statements for a diff. Their DDL commits on its own and cannot be rolled back, so
 * the steps are ordered to fail early: foreign keys and indexes go before the columns they cover, and
 * new foreign keys come last, once every table exists.
 */
export function mysqlStatements(diff: SchemaDiff, dialect: Dialect): MigrationStatement[] {
  const q = (name: string): string => dialect.quote(name);
  return serverStatements(diff, {
    dialect,
    renameTable: (from, to) => [{ sql: `RENAME TABLE ${q(from)} TO ${q(to)}` }],
    dropForeignKey: (table, key) => `ALTER TABLE ${q(table)} DROP FOREIGN KEY ${q(key)}`,
    dropIndex: (table, index) => `DROP INDEX ${q(index)} ON ${q(table)}`,
    createTable: (table) => createTable(dialect, table),
    alterTable: (changes) => alterTable(dialect, changes),
  });
}

function createTable(dialect: Dialect, table: SnapshotTable): string {
  const lines = table.columns.map((column) => `  ${columnDefinition(dialect, column)}`);
  if (table.primaryKey.length > 0) lines.push(`  PRIMARY KEY ${columnList(dialect, table.primaryKey)}`);
  for (const check of table.checks) lines.push(`  ${dialect.checkClause(check)}`);
  return `CREATE TABLE ${dialect.quote(table.name)} (\n${lines.join(',\n')}\n)${table.tableOptions === undefined ? '' : ` ${table.tableOptions}`}`;
}

function columnDefinition(dialect: Dialect, column: SnapshotColumn): string {
  return `${dialect.quote(column.name)} ${column.type}${column.notNull ? ' NOT NULL' : ' NULL'}${dialect.defaultClause(column.type, column.default)}${column.autoIncrement ? ' AUTO_INCREMENT' : ''}`;
}

function alterTable(dialect: Dialect, changes: TableChanges): MigrationStatement[] {
  const q = (name: string): string => dialect.quote(name);
  const table = q(changes.name);
  const out: MigrationStatement[] = [];
  if (changes.primaryKeyChanged && changes.prev.primaryKey.length > 0) out.push({ sql: `ALTER TABLE ${table} DROP PRIMARY KEY` });
  for (const column of changes.droppedColumns) {
    out.push({
      sql: `ALTER TABLE ${table} DROP COLUMN ${q(column.name)}`,
      note: `Drops column "${changes.name}"."${column.name}" and its values.`,
    });
  }
  for (const column of changes.addedColumns) {
    const note = notNullNote(changes.name, column);
    out.push({ sql: `ALTER TABLE ${table} ADD COLUMN ${columnDefinition(dialect, column)}`, ...(note === undefined ? {} : { note }) });
  }
  for (const { from, to } of changes.alteredColumns) {
    if (to.notNull && !from.notNull && to.default !== undefined) {
      out.push({
        sql: `UPDATE ${table} SET ${q(to.name)} = ${to.default} WHERE ${q(to.name)} IS NULL`,
        note: 'Fills the new default into rows without a value before NOT NULL applies.',
      });
    }
    const note =
      from.type !== to.type
        ? `Changes the type of "${changes.name}"."${to.name}" from ${from.type} to ${to.type}; fails if a value does not convert.`
        : to.notNull && !from.notNull
          ? notNullNote(changes.name, to)
          : undefined;
    out.push({ sql: `ALTER TABLE ${table} MODIFY COLUMN ${columnDefinition(dialect, to)}`, ...(note === undefined ? {} : { note }) });
  }
  if (changes.primaryKeyChanged && changes.cur.primaryKey.length > 0) {
    out.push({ sql: `ALTER TABLE ${table} ADD PRIMARY KEY ${columnList(dialect, changes.cur.primaryKey)}` });
  }
  return out;
}
