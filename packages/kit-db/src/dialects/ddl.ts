import { primaryKeyName } from '../model/constraint-name.js';
import type { TableSpec } from '../model/schema.js';
import { columnList, createIndexStatement } from './clauses.js';
import type { Dialect } from './dialect.js';

/** What the DDL writer needs from a dialect. */
export interface DdlWriter extends Pick<Dialect, 'quote' | 'columnDefinition' | 'checkClause' | 'foreignKeyClause' | 'tableOptions'> {
  /** Whether a foreign key can be added after `CREATE TABLE` (not on SQLite). */
  readonly alterForeignKeys: boolean;
}

type ForeignKey = TableSpec['foreignKeys'][number];

/** `CREATE TABLE` with its constraints, then its `CREATE INDEX` statements. */
export function createTableStatements(writer: DdlWriter, table: TableSpec, options: { readonly foreignKeys?: boolean } = {}): string[] {
  const q = (name: string): string => writer.quote(name);
  const parts = table.columns.map((column) => `  ${writer.columnDefinition(column, table)}`);
  if (table.primaryKey.length > 1)
    parts.push(`  CONSTRAINT ${q(primaryKeyName(table.name))} PRIMARY KEY ${columnList(writer, table.primaryKey)}`);
  for (const index of table.indexes)
    if (index.unique) parts.push(`  CONSTRAINT ${q(index.name)} UNIQUE ${columnList(writer, index.columns)}`);
  for (const check of table.checks) parts.push(`  ${writer.checkClause(check)}`);
  if (options.foreignKeys !== false) for (const key of table.foreignKeys) parts.push(`  ${foreignKeyClause(writer, key)}`);
  const suffix = writer.tableOptions === '' ? '' : ` ${writer.tableOptions}`;
  const statements = [`CREATE TABLE ${q(table.name)} (\n${parts.join(',\n')}\n)${suffix}`];
  for (const index of table.indexes) if (!index.unique) statements.push(createIndexStatement(writer, table.name, index));
  return statements;
}

/** The clause of a compiled foreign key, which has one column on each side. */
function foreignKeyClause(writer: DdlWriter, key: ForeignKey): string {
  return writer.foreignKeyClause({
    name: key.name,
    columns: [key.column],
    refTable: key.targetTable,
    refColumns: [key.targetColumn],
    onDelete: key.onDelete,
  });
}

/**
 * Statements creating every table: a table after those it references, so servers that check
 * references at `CREATE TABLE` accept them. Foreign keys that close a cycle are added by
 * `ALTER TABLE` once both tables exist (SQLite, which checks references only when writing, keeps them inline).
 */
export function createSchemaStatements(writer: DdlWriter, tables: readonly TableSpec[]): string[] {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const done = new Set<string>();
  const visiting = new Set<string>();
  const deferred: { table: TableSpec; key: ForeignKey }[] = [];
  const ordered: { table: TableSpec; skip: Set<string> }[] = [];
  const visit = (table: TableSpec): void => {
    if (done.has(table.name)) return;
    visiting.add(table.name);
    const skip = new Set<string>();
    for (const key of table.foreignKeys) {
      const target = byName.get(key.targetTable);
      if (target === undefined || target.name === table.name || done.has(target.name)) continue;
      if (visiting.has(target.name)) {
        if (writer.alterForeignKeys) {
          skip.add(key.name);
          deferred.push({ table, key });
        }
        continue;
      }
      visit(target);
    }
    visiting.delete(table.name);
    done.add(table.name);
    ordered.push({ table, skip });
  };
  for (const table of tables) visit(table);
  const statements: string[] = [];
  for (const { table, skip } of ordered) {
    statements.push(...createTableStatements(writer, { ...table, foreignKeys: table.foreignKeys.filter((key) => !skip.has(key.name)) }));
  }
  for (const { table, key } of deferred) statements.push(`ALTER TABLE ${writer.quote(table.name)} ADD ${foreignKeyClause(writer, key)}`);
  return statements;
}
