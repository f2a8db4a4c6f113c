import type { SchemaDiff, TableChanges } from '../diff/diff-snapshots.js';
import type { SnapshotColumn, SnapshotTable } from '../snapshot/snapshot.js';
import { checkClause, columnList, createIndex, defaultClause, foreignKeyClause, notNullNote, quote, type MigrationStatement } from './common.js';

const q = (name: string): string => quote('mysql', name);

/**
 * MySQL and MariaDB statements for a diff. Their DDL commits on its own and cannot be rolled back, so
 * the steps are ordered to fail early: foreign keys and indexes go before the columns they cover, and
 * new foreign keys come last, once every table exists.
 */
export function mysqlStatements(diff: SchemaDiff): MigrationStatement[] {
  const out: MigrationStatement[] = [];
  for (const rename of diff.renames.tables) out.push({ sql: `RENAME TABLE ${q(rename.from)} TO ${q(rename.to)}` });
  for (const rename of diff.renames.columns) out.push({ sql: `ALTER TABLE ${q(rename.table)} RENAME COLUMN ${q(rename.from)} TO ${q(rename.to)}` });
  for (const changes of diff.changedTables) {
    for (const key of changes.droppedForeignKeys) out.push({ sql: `ALTER TABLE ${q(changes.name)} DROP FOREIGN KEY ${q(key.name)}` });
  }
  const dropped = new Set(diff.droppedTables.map((table) => table.name));
  for (const table of diff.droppedTables) {
    for (const key of table.foreignKeys) {
      if (dropped.has(key.refTable) && key.refTable !== table.name) out.push({ sql: `ALTER TABLE ${q(table.name)} DROP FOREIGN KEY ${q(key.name)}` });
    }
  }
  for (const changes of diff.changedTables) {
    for (const check of changes.droppedChecks) out.push({ sql: `ALTER TABLE ${q(changes.name)} DROP CONSTRAINT ${q(check.name)}` });
    for (const index of changes.droppedIndexes) out.push({ sql: `DROP INDEX ${q(index.name)} ON ${q(changes.name)}` });
  }
  for (const table of diff.droppedTables) out.push({ sql: `DROP TABLE ${q(table.name)}`, note: `Drops table "${table.name}" and its rows.` });
  for (const table of diff.createdTables) {
    out.push({ sql: createTable(table) });
    for (const index of table.indexes) out.push(createIndex('mysql', table.name, index));
  }
  for (const changes of diff.changedTables) out.push(...alterTable(changes));
  for (const changes of diff.changedTables) {
    for (const check of changes.addedChecks) out.push({ sql: `ALTER TABLE ${q(changes.name)} ADD ${checkClause('mysql', check)}` });
    for (const index of changes.addedIndexes) out.push(createIndex('mysql', changes.name, index));
  }
  for (const table of diff.createdTables) {
    for (const key of table.foreignKeys) out.push({ sql: `ALTER TABLE ${q(table.name)} ADD ${foreignKeyClause('mysql', key)}` });
  }
  for (const changes of diff.changedTables) {
    for (const key of changes.addedForeignKeys) out.push({ sql: `ALTER TABLE ${q(changes.name)} ADD ${foreignKeyClause('mysql', key)}` });
  }
  return out;
}

function createTable(table: SnapshotTable): string {
  const lines = table.columns.map((column) => `  ${columnDefinition(column)}`);
  if (table.primaryKey.length > 0) lines.push(`  PRIMARY KEY ${columnList('mysql', table.primaryKey)}`);
  for (const check of table.checks) lines.push(`  ${checkClause('mysql', check)}`);
  return `CREATE TABLE ${q(table.name)} (\n${lines.join(',\n')}\n)${table.tableOptions === undefined ? '' : ` ${table.tableOptions}`}`;
}

function columnDefinition(column: SnapshotColumn): string {
  return `${q(column.name)} ${column.type}${column.notNull ? ' NOT NULL' : ' NULL'}${defaultClause('mysql', column)}${column.autoIncrement ? ' AUTO_INCREMENT' : ''}`;
}

function alterTable(changes: TableChanges): MigrationStatement[] {
  const table = q(changes.name);
  const out: MigrationStatement[] = [];
  if (changes.primaryKeyChanged && changes.prev.primaryKey.length > 0) out.push({ sql: `ALTER TABLE ${table} DROP PRIMARY KEY` });
  for (const column of changes.droppedColumns) {
    out.push({ sql: `ALTER TABLE ${table} DROP COLUMN ${q(column.name)}`, note: `Drops column "${changes.name}"."${column.name}" and its values.` });
  }
  for (const column of changes.addedColumns) {
    const note = notNullNote(changes.name, column);
    out.push({ sql: `ALTER TABLE ${table} ADD COLUMN ${columnDefinition(column)}`, ...(note === undefined ? {} : { note }) });
  }
  for (const { from, to } of changes.alteredColumns) {
    if (to.notNull && !from.notNull && to.default !== undefined) {
      out.push({ sql: `UPDATE ${table} SET ${q(to.name)} = ${to.default} WHERE ${q(to.name)} IS NULL`, note: 'Fills the new default into rows without a value before NOT NULL applies.' });
    }
    const note =
      from.type !== to.type
        ? `Changes the type of "${changes.name}"."${to.name}" from ${from.type} to ${to.type}; fails if a value does not convert.`
        : to.notNull && !from.notNull
          ? notNullNote(changes.name, to)
          : undefined;
    out.push({ sql: `ALTER TABLE ${table} MODIFY COLUMN ${columnDefinition(to)}`, ...(note === undefined ? {} : { note }) });
  }
  if (changes.primaryKeyChanged && changes.cur.primaryKey.length > 0) {
    out.push({ sql: `ALTER TABLE ${table} ADD PRIMARY KEY ${columnList('mysql', changes.cur.primaryKey)}` });
  }
  return out;
}
