import { createIndexStatement } from '../../dialects/clauses.js';
import type { Dialect } from '../../dialects/dialect.js';
import type { SchemaDiff, TableChanges } from '../diff/diff-snapshots.js';
import type { SnapshotColumn, SnapshotIndex, SnapshotTable } from '../snapshot/snapshot.js';

/** One statement of a generated migration, with an optional note written above it for the reviewer. */
export interface MigrationStatement {
  readonly sql: string;
  readonly note?: string;
}

/** `CREATE [UNIQUE] INDEX "name" ON "table" ("a", "b")` */
export function createIndex(dialect: Dialect, table: string, index: SnapshotIndex): MigrationStatement {
  return { sql: createIndexStatement(dialect, table, index) };
}

/**
 * Whether a default is a constant (a literal), as SQLite requires to add a column in place: not
 * `CURRENT_TIMESTAMP` and not an expression in parentheses.
 */
export function isConstantDefault(value: string): boolean {
  return !value.startsWith('(') && !/^current_(time|date|timestamp)\b/i.test(value);
}

/** A note for a column that becomes or is added NOT NULL without a default: rows already there have no value for it. */
export function notNullNote(table: string, column: SnapshotColumn): string | undefined {
  if (!column.notNull || column.default !== undefined || column.autoIncrement) return undefined;
  return `"${column.name}" is NOT NULL without a default: this fails when "${table}" has rows with no value for it; give the field a .default() or make it .optional() if so.`;
}

/** What PostgreSQL and MySQL write differently; the order of the steps is theirs in common. */
export interface ServerDialectSql {
  readonly dialect: Dialect;
  renameTable(from: string, to: string): MigrationStatement[];
  dropForeignKey(table: string, key: string): string;
  dropIndex(table: string, index: string): string;
  createTable(table: SnapshotTable): string;
  alterTable(changes: TableChanges): MigrationStatement[];
}

/**
 * The statements of a diff on a database server, in the order both PostgreSQL and MySQL need: renames; foreign
 * keys, checks and indexes that go away (keys between dropped tables first, so tables drop in any order); dropped
 * tables; created tables with their indexes; altered columns; added checks and indexes; and foreign keys last, once
 * every table they point at exists.
 */
export function serverStatements(diff: SchemaDiff, sql: ServerDialectSql): MigrationStatement[] {
  const { dialect } = sql;
  const q = (name: string): string => dialect.quote(name);
  const out: MigrationStatement[] = [];
  for (const rename of diff.renames.tables) out.push(...sql.renameTable(rename.from, rename.to));
  for (const rename of diff.renames.columns)
    out.push({ sql: `ALTER TABLE ${q(rename.table)} RENAME COLUMN ${q(rename.from)} TO ${q(rename.to)}` });
  for (const changes of diff.changedTables) {
    for (const key of changes.droppedForeignKeys) out.push({ sql: sql.dropForeignKey(changes.name, key.name) });
  }
  const dropped = new Set(diff.droppedTables.map((table) => table.name));
  for (const table of diff.droppedTables) {
    for (const key of table.foreignKeys) {
      if (dropped.has(key.refTable) && key.refTable !== table.name) out.push({ sql: sql.dropForeignKey(table.name, key.name) });
    }
  }
  for (const changes of diff.changedTables) {
    for (const check of changes.droppedChecks) out.push({ sql: `ALTER TABLE ${q(changes.name)} DROP CONSTRAINT ${q(check.name)}` });
    for (const index of changes.droppedIndexes) out.push({ sql: sql.dropIndex(changes.name, index.name) });
  }
  for (const table of diff.droppedTables)
    out.push({ sql: `DROP TABLE ${q(table.name)}`, note: `Drops table "${table.name}" and its rows.` });
  for (const table of diff.createdTables) {
    out.push({ sql: sql.createTable(table) });
    for (const index of table.indexes) out.push(createIndex(dialect, table.name, index));
  }
  for (const changes of diff.changedTables) out.push(...sql.alterTable(changes));
  for (const changes of diff.changedTables) {
    for (const check of changes.addedChecks) out.push({ sql: `ALTER TABLE ${q(changes.name)} ADD ${dialect.checkClause(check)}` });
    for (const index of changes.addedIndexes) out.push(createIndex(dialect, changes.name, index));
  }
  for (const table of diff.createdTables) {
    for (const key of table.foreignKeys) out.push({ sql: `ALTER TABLE ${q(table.name)} ADD ${dialect.foreignKeyClause(key)}` });
  }
  for (const changes of diff.changedTables) {
    for (const key of changes.addedForeignKeys) out.push({ sql: `ALTER TABLE ${q(changes.name)} ADD ${dialect.foreignKeyClause(key)}` });
  }
  return out;
}
