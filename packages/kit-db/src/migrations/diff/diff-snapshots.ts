import type { Snapshot, SnapshotCheck, SnapshotColumn, SnapshotForeignKey, SnapshotIndex, SnapshotTable } from '../snapshot/snapshot.js';
import { applyRenames, type ResolvedRenames } from './renames.js';

/** A column whose type, nullability, default or numbering changed. */
export interface ColumnChange {
  readonly from: SnapshotColumn;
  readonly to: SnapshotColumn;
}

/** What changed in a table that exists before and after (by its new name when it was renamed). */
export interface TableChanges {
  readonly name: string;
  /** The table before, after the declared renames. */
  readonly prev: SnapshotTable;
  readonly cur: SnapshotTable;
  readonly addedColumns: readonly SnapshotColumn[];
  readonly droppedColumns: readonly SnapshotColumn[];
  readonly alteredColumns: readonly ColumnChange[];
  readonly primaryKeyChanged: boolean;
  readonly addedIndexes: readonly SnapshotIndex[];
  readonly droppedIndexes: readonly SnapshotIndex[];
  readonly addedForeignKeys: readonly SnapshotForeignKey[];
  readonly droppedForeignKeys: readonly SnapshotForeignKey[];
  readonly addedChecks: readonly SnapshotCheck[];
  readonly droppedChecks: readonly SnapshotCheck[];
}

/** Everything that turns the previous schema into the current one. */
export interface SchemaDiff {
  readonly renames: ResolvedRenames;
  readonly createdTables: readonly SnapshotTable[];
  /** Tables that are gone. */
  readonly droppedTables: readonly SnapshotTable[];
  readonly changedTables: readonly TableChanges[];
  /** The previous snapshot after the renames. */
  readonly prev: Snapshot;
  readonly cur: Snapshot;
}

/** The changes from `prev` to `cur`, given the declared renames. Renames are never guessed. */
export function diffSnapshots(prev: Snapshot, cur: Snapshot, renames: ResolvedRenames): SchemaDiff {
  const renamed = applyRenames(prev, renames);
  const createdTables: SnapshotTable[] = [];
  const droppedTables: SnapshotTable[] = [];
  const changedTables: TableChanges[] = [];
  for (const table of Object.values(cur.tables)) {
    const before = renamed.tables[table.name];
    if (before === undefined) createdTables.push(table);
    else {
      const changes = diffTable(before, table, cur.dialect === 'sqlite');
      if (hasTableChanges(changes)) changedTables.push(changes);
    }
  }
  // A renamed table always exists in `cur` (resolveRenames checks it), so dropped ones keep their names.
  for (const table of Object.values(renamed.tables)) {
    if (cur.tables[table.name] === undefined) droppedTables.push(table);
  }
  return { renames, createdTables, droppedTables, changedTables, prev: renamed, cur };
}

/** Whether the diff changes anything at all (a rename alone counts). */
export function isEmptyDiff(diff: SchemaDiff): boolean {
  return (
    diff.renames.tables.length === 0 &&
    diff.renames.columns.length === 0 &&
    diff.createdTables.length === 0 &&
    diff.droppedTables.length === 0 &&
    diff.changedTables.length === 0
  );
}

function diffTable(prev: SnapshotTable, cur: SnapshotTable, sqlite: boolean): TableChanges {
  const prevColumns = new Map(prev.columns.map((column) => [column.name, column]));
  const curColumns = new Map(cur.columns.map((column) => [column.name, column]));
  const alteredColumns: ColumnChange[] = [];
  for (const column of cur.columns) {
    const before = prevColumns.get(column.name);
    if (before !== undefined && !sameColumn(before, column)) alteredColumns.push({ from: before, to: column });
  }
  // SQLite keeps no names for CHECK constraints it could drop, so only the rule itself matters there.
  const checkKey = (check: SnapshotCheck): string => JSON.stringify([sqlite ? '' : check.name, check.column, check.values]);
  return {
    name: cur.name,
    prev,
    cur,
    addedColumns: cur.columns.filter((column) => !prevColumns.has(column.name)),
    droppedColumns: prev.columns.filter((column) => !curColumns.has(column.name)),
    alteredColumns,
    primaryKeyChanged: !sameList(prev.primaryKey, cur.primaryKey),
    addedIndexes: missingFrom(cur.indexes, prev.indexes, indexKey),
    droppedIndexes: missingFrom(prev.indexes, cur.indexes, indexKey),
    addedForeignKeys: missingFrom(cur.foreignKeys, prev.foreignKeys, foreignKeyKey),
    droppedForeignKeys: missingFrom(prev.foreignKeys, cur.foreignKeys, foreignKeyKey),
    addedChecks: missingFrom(cur.checks, prev.checks, checkKey),
    droppedChecks: missingFrom(prev.checks, cur.checks, checkKey),
  };
}

function hasTableChanges(changes: TableChanges): boolean {
  return (
    changes.addedColumns.length > 0 ||
    changes.droppedColumns.length > 0 ||
    changes.alteredColumns.length > 0 ||
    changes.primaryKeyChanged ||
    changes.addedIndexes.length > 0 ||
    changes.droppedIndexes.length > 0 ||
    changes.addedForeignKeys.length > 0 ||
    changes.droppedForeignKeys.length > 0 ||
    changes.addedChecks.length > 0 ||
    changes.droppedChecks.length > 0
  );
}

/** Whether two columns are stored the same way (their names are equal already). */
export function sameColumn(a: SnapshotColumn, b: SnapshotColumn): boolean {
  return a.type === b.type && a.notNull === b.notNull && a.default === b.default && a.autoIncrement === b.autoIncrement;
}

function indexKey(index: SnapshotIndex): string {
  return JSON.stringify([index.name, index.columns, index.unique]);
}

function foreignKeyKey(key: SnapshotForeignKey): string {
  return JSON.stringify([key.name, key.columns, key.refTable, key.refColumns, key.onDelete, key.onUpdate]);
}

function missingFrom<T>(items: readonly T[], others: readonly T[], key: (item: T) => string): T[] {
  const present = new Set(others.map(key));
  return items.filter((item) => !present.has(key(item)));
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}
