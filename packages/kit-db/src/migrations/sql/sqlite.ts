import { columnList } from '../../dialects/clauses.js';
import type { Dialect } from '../../dialects/dialect.js';
import type { SchemaDiff, TableChanges } from '../diff/diff-snapshots.js';
import type { SnapshotColumn, SnapshotTable } from '../snapshot/snapshot.js';
import { createIndex, isConstantDefault, notNullNote, type MigrationStatement } from './common.js';

/** Prefix of the table a rebuild copies into before it takes the old table's name. */
export const rebuildPrefix = '__kit_new_';

/**
 * SQLite (and libSQL) statements for a diff. SQLite can add, drop and rename columns in place but
 * cannot change a column, a primary key, a foreign key or a CHECK, so such tables are rebuilt: a new
 * table is created, the rows are copied, the old table is dropped and the new one takes its name
 * (SQLite's documented recipe). The runner applies SQLite migrations with foreign keys switched off
 * and checks them before committing, as that recipe requires.
 */
export function sqliteStatements(diff: SchemaDiff, dialect: Dialect): MigrationStatement[] {
  const q = (name: string): string => dialect.quote(name);
  const out: MigrationStatement[] = [];
  for (const rename of diff.renames.tables) out.push({ sql: `ALTER TABLE ${q(rename.from)} RENAME TO ${q(rename.to)}` });
  for (const rename of diff.renames.columns)
    out.push({ sql: `ALTER TABLE ${q(rename.table)} RENAME COLUMN ${q(rename.from)} TO ${q(rename.to)}` });
  const rebuilt = new Set(diff.changedTables.filter(needsRebuild).map((changes) => changes.name));
  for (const changes of diff.changedTables) {
    // A rebuild drops the old table with all its indexes and creates every current one afterwards.
    if (rebuilt.has(changes.name)) continue;
    for (const index of changes.droppedIndexes) out.push({ sql: `DROP INDEX ${q(index.name)}` });
  }
  for (const table of diff.droppedTables)
    out.push({ sql: `DROP TABLE ${q(table.name)}`, note: `Drops table "${table.name}" and its rows.` });
  for (const table of diff.createdTables) {
    out.push({ sql: createTable(dialect, table, table.name) });
    for (const index of table.indexes) out.push(createIndex(dialect, table.name, index));
  }
  for (const changes of diff.changedTables) {
    if (rebuilt.has(changes.name)) out.push(...rebuild(dialect, changes));
    else out.push(...alterInPlace(dialect, changes));
  }
  return out;
}

/** Whether SQLite has to rebuild the table for these changes. */
export function needsRebuild(changes: TableChanges): boolean {
  if (changes.alteredColumns.length > 0 || changes.primaryKeyChanged) return true;
  if (changes.addedForeignKeys.length > 0 || changes.droppedForeignKeys.length > 0) return true;
  if (changes.addedChecks.length > 0 || changes.droppedChecks.length > 0) return true;
  const keyColumns = new Set([
    ...changes.prev.primaryKey,
    ...changes.prev.foreignKeys.flatMap((key) => key.columns),
    ...changes.prev.checks.map((check) => check.column),
  ]);
  if (changes.droppedColumns.some((column) => keyColumns.has(column.name))) return true;
  // ALTER TABLE ADD COLUMN takes neither NOT NULL without a default nor a default that is not a constant.
  return changes.addedColumns.some(
    (column) =>
      changes.cur.primaryKey.includes(column.name) ||
      column.autoIncrement ||
      (column.notNull && column.default === undefined) ||
      (column.default !== undefined && !isConstantDefault(column.default)),
  );
}

function createTable(dialect: Dialect, table: SnapshotTable, name: string): string {
  const inlineKey =
    table.primaryKey.length === 1 && table.columns.some((column) => column.name === table.primaryKey[0] && column.autoIncrement);
  const lines = table.columns.map((column) => `  ${columnDefinition(dialect, column, inlineKey && column.name === table.primaryKey[0])}`);
  if (table.primaryKey.length > 0 && !inlineKey) lines.push(`  PRIMARY KEY ${columnList(dialect, table.primaryKey)}`);
  for (const check of table.checks) lines.push(`  ${dialect.checkClause(check)}`);
  for (const key of table.foreignKeys) lines.push(`  ${dialect.foreignKeyClause(key)}`);
  return `CREATE TABLE ${dialect.quote(name)} (\n${lines.join(',\n')}\n)`;
}

/** `AUTOINCREMENT` is only allowed on an INTEGER PRIMARY KEY written on the column itself. */
function columnDefinition(dialect: Dialect, column: SnapshotColumn, inlinePrimaryKey: boolean): string {
  const key = inlinePrimaryKey ? ` PRIMARY KEY${column.autoIncrement ? ' AUTOINCREMENT' : ''}` : '';
  return `${dialect.quote(column.name)} ${column.type}${key}${column.notNull ? ' NOT NULL' : ''}${dialect.defaultClause(column.type, column.default)}`;
}

function alterInPlace(dialect: Dialect, changes: TableChanges): MigrationStatement[] {
  const q = (name: string): string => dialect.quote(name);
  const table = q(changes.name);
  const out: MigrationStatement[] = [];
  for (const column of changes.droppedColumns) {
    out.push({
      sql: `ALTER TABLE ${table} DROP COLUMN ${q(column.name)}`,
      note: `Drops column "${changes.name}"."${column.name}" and its values.`,
    });
  }
  for (const column of changes.addedColumns)
    out.push({ sql: `ALTER TABLE ${table} ADD COLUMN ${columnDefinition(dialect, column, false)}` });
  for (const index of changes.addedIndexes) out.push(createIndex(dialect, changes.name, index));
  return out;
}

function rebuild(dialect: Dialect, changes: TableChanges): MigrationStatement[] {
  const q = (name: string): string => dialect.quote(name);
  const temporary = `${rebuildPrefix}${changes.name}`;
  const prevColumns = new Map(changes.prev.columns.map((column) => [column.name, column]));
  const copied = changes.cur.columns.filter((column) => prevColumns.has(column.name));
  const sources = copied.map((column) => {
    const before = prevColumns.get(column.name)!;
    // Rows whose value is NULL get the new default when the column becomes NOT NULL.
    return column.notNull && !before.notNull && column.default !== undefined
      ? `COALESCE(${q(column.name)}, ${column.default})`
      : q(column.name);
  });
  const notes = [
    `Rebuilds "${changes.name}" (SQLite cannot alter it in place): creates the new table, copies the rows, drops the old table and renames the new one.`,
    ...changes.addedColumns.map((column) => notNullNote(changes.name, column)),
    ...changes.alteredColumns.filter(({ from, to }) => to.notNull && !from.notNull).map(({ to }) => notNullNote(changes.name, to)),
  ].filter((note): note is string => note !== undefined);
  const out: MigrationStatement[] = [{ sql: createTable(dialect, changes.cur, temporary), note: notes.join('\n') }];
  if (copied.length > 0) {
    out.push({
      sql: `INSERT INTO ${q(temporary)} ${columnList(
        dialect,
        copied.map((column) => column.name),
      )} SELECT ${sources.join(', ')} FROM ${q(changes.name)}`,
    });
  }
  out.push({ sql: `DROP TABLE ${q(changes.name)}` });
  out.push({ sql: `ALTER TABLE ${q(temporary)} RENAME TO ${q(changes.name)}` });
  for (const index of changes.cur.indexes) out.push(createIndex(dialect, changes.name, index));
  return out;
}
