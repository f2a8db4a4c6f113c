import type { Dialect } from '../../dialects/dialect.js';
import type { ResolvedSchema, TableSpec } from '../../model/schema.js';
import { sortTables } from '../diff/renames.js';
import type { Snapshot, SnapshotTable } from './snapshot.js';

/**
 * The snapshot of compiled models in a dialect: column types and defaults exactly as the dialect
 * writes them, so a change in the dialect's mapping shows up as a change too.
 */
export function snapshotOf(schema: ResolvedSchema, dialect: Dialect): Snapshot {
  const tables: Record<string, SnapshotTable> = {};
  for (const table of schema.tables) {
    const model = table.model === undefined ? undefined : schema.models.get(table.model);
    tables[table.name] = snapshotTable(table, dialect, model?.columnOf);
  }
  return { kind: 'kit-db-snapshot', version: 1, dialect: dialect.name, tables: sortTables(tables) };
}

function snapshotTable(table: TableSpec, dialect: Dialect, columnOf: Readonly<Record<string, string>> | undefined): SnapshotTable {
  const { tableOptions } = dialect;
  return {
    name: table.name,
    ...(tableOptions === '' ? {} : { tableOptions }),
    ...(table.model === undefined ? {} : { model: table.model }),
    ...(columnOf === undefined ? {} : { fields: { ...columnOf } }),
    columns: table.columns.map((column) => ({
      name: column.name,
      type: dialect.columnType(column),
      notNull: !column.nullable,
      autoIncrement: column.autoIncrement,
      ...(column.default === undefined ? {} : { default: dialect.literal(column.default.value, column) }),
    })),
    primaryKey: [...table.primaryKey],
    indexes: table.indexes.map((index) => ({ name: index.name, columns: [...index.columns], unique: index.unique })),
    foreignKeys: table.foreignKeys.map((key) => ({
      name: key.name,
      columns: [key.column],
      refTable: key.targetTable,
      refColumns: [key.targetColumn],
      onDelete: key.onDelete,
      onUpdate: 'no action',
    })),
    checks: table.checks.map((check) => ({ name: check.name, column: check.column, values: [...check.values] })),
  };
}
