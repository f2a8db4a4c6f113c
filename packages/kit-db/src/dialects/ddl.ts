import type { ColumnSpec, TableSpec } from '../model/schema.js';

/** What the shared DDL writer needs from a dialect. */
export interface DdlWriter {
  quote(identifier: string): string;
  literal(value: unknown, column?: ColumnSpec): string;
  columnDefinition(column: ColumnSpec, table: TableSpec): string;
  /** Words after the closing parenthesis of `CREATE TABLE` (MySQL's engine and collation). */
  readonly tableSuffix: string;
  /** Whether a foreign key can be added after `CREATE TABLE` (not on SQLite). */
  readonly alterForeignKeys: boolean;
}

/** `CREATE TABLE` with its constraints, then its `CREATE INDEX` statements. */
export function createTableStatements(writer: DdlWriter, table: TableSpec, options: { readonly foreignKeys?: boolean } = {}): string[] {
  const q = (name: string): string => writer.quote(name);
  const parts = table.columns.map((column) => `  ${writer.columnDefinition(column, table)}`);
  if (table.primaryKey.length > 1) parts.push(`  CONSTRAINT ${q(`${table.name}_pkey`)} PRIMARY KEY (${table.primaryKey.map(q).join(', ')})`);
  for (const index of table.indexes) if (index.unique) parts.push(`  CONSTRAINT ${q(index.name)} UNIQUE (${index.columns.map(q).join(', ')})`);
  for (const check of table.checks) {
    const column = table.columns.find((c) => c.name === check.column);
    parts.push(`  CONSTRAINT ${q(check.name)} CHECK (${q(check.column)} IN (${check.values.map((value) => writer.literal(value, column)).join(', ')}))`);
  }
  if (options.foreignKeys !== false) for (const key of table.foreignKeys) parts.push(`  ${foreignKeyClause(writer, key)}`);
  const statements = [`CREATE TABLE ${q(table.name)} (\n${parts.join(',\n')}\n)${writer.tableSuffix}`];
  for (const index of table.indexes) {
    if (!index.unique) statements.push(`CREATE INDEX ${q(index.name)} ON ${q(table.name)} (${index.columns.map(q).join(', ')})`);
  }
  return statements;
}

function foreignKeyClause(writer: DdlWriter, key: TableSpec['foreignKeys'][number]): string {
  const q = (name: string): string => writer.quote(name);
  return `CONSTRAINT ${q(key.name)} FOREIGN KEY (${q(key.column)}) REFERENCES ${q(key.targetTable)} (${q(key.targetColumn)}) ON DELETE ${key.onDelete.toUpperCase()}`;
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
  const deferred: { table: TableSpec; key: TableSpec['foreignKeys'][number] }[] = [];
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
