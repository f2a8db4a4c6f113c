import { KitDbError } from '../../errors/kit-db-error.js';
import type { Snapshot, SnapshotTable } from '../snapshot/snapshot.js';

/**
 * Renames declared by the caller, since a rename is never guessed: keys are the old names, values the
 * new ones. `'ticket': 'issue'` renames a model (its table); `'ticket.title': 'ticket.subject'` renames
 * a field (its column). A field rename of a renamed model names each side by its own model name
 * (`'ticket.title': 'issue.subject'` together with `'ticket': 'issue'`). Join tables and columns may be
 * named by their table and column names.
 */
export type MigrationRenames = Readonly<Record<string, string>>;

/** A table renamed: `ALTER TABLE from RENAME TO to`. */
export interface TableRename {
  readonly from: string;
  readonly to: string;
}

/** A column renamed in `table` (the table's new name). */
export interface ColumnRename {
  readonly table: string;
  readonly from: string;
  readonly to: string;
}

/** The declared renames, checked against both schemas and turned into table and column names. */
export interface ResolvedRenames {
  readonly tables: readonly TableRename[];
  readonly columns: readonly ColumnRename[];
}

const component = 'kit-db generateMigration';

/** Checks `renames` against the previous snapshot (old names) and the current one (new names). */
export function resolveRenames(renames: MigrationRenames, prev: Snapshot, cur: Snapshot): ResolvedRenames {
  const tables: TableRename[] = [];
  const columns: ColumnRename[] = [];
  if (renames === null || typeof renames !== 'object' || Array.isArray(renames)) {
    invalid(
      `renames must be an object of old name → new name ({ 'ticket.title': 'ticket.subject' }), got ${Array.isArray(renames) ? 'an array' : String(renames)}.`,
    );
  }
  const entries = Object.entries(renames);
  for (const [from, to] of entries) {
    if (typeof to !== 'string') invalid(`renames["${from}"] is ${typeof to}; give the new name as a string ('${from}': 'newName').`);
    const fromParts = from.split('.');
    const toParts = to.split('.');
    if (
      fromParts.length !== toParts.length ||
      fromParts.length > 2 ||
      fromParts.some((part) => part === '') ||
      toParts.some((part) => part === '')
    ) {
      invalid(
        `renames: '${from}': '${to}' must rename a model to a model ('ticket': 'issue') or a field to a field ('ticket.title': 'ticket.subject').`,
      );
    }
    if (fromParts.length === 1) {
      const oldTable = findTable(prev, from, 'old', from, to);
      const newTable = findTable(cur, to, 'new', from, to);
      if (oldTable.name !== newTable.name) tables.push({ from: oldTable.name, to: newTable.name });
    }
  }
  // Swaps and chains (a → b while b → c) are refused: each would need a temporary name.
  for (const rename of tables) {
    if (prev.tables[rename.to] !== undefined) {
      invalid(
        `renames: the table "${rename.to}" exists already, so "${rename.from}" cannot be renamed to it; drop or rename "${rename.to}" in a migration of its own first.`,
      );
    }
    if (cur.tables[rename.from] !== undefined) {
      invalid(
        `renames: the models still have a table "${rename.from}", so it cannot be renamed to "${rename.to}"; remove the rename or the old model.`,
      );
    }
  }
  assertDistinct(
    tables.map((rename) => rename.to),
    'table',
  );
  for (const [from, to] of entries) {
    const fromParts = from.split('.');
    const toParts = to.split('.');
    if (fromParts.length !== 2) continue;
    const oldTable = findTable(prev, fromParts[0]!, 'old', from, to);
    const newTable = findTable(cur, toParts[0]!, 'new', from, to);
    const renamedTo = tables.find((rename) => rename.from === oldTable.name)?.to ?? oldTable.name;
    if (renamedTo !== newTable.name) {
      invalid(
        `renames: '${from}': '${to}' moves a field from model "${fromParts[0]}" to "${toParts[0]}"; a field can only be renamed within its model` +
          (oldTable.name !== newTable.name ? ` (declare the model rename as well: '${fromParts[0]}': '${toParts[0]}').` : '.'),
      );
    }
    const oldColumn = findColumn(oldTable, fromParts[1]!, 'old', from, to);
    const newColumn = findColumn(newTable, toParts[1]!, 'new', from, to);
    if (oldColumn === newColumn) continue;
    if (oldTable.columns.some((column) => column.name === newColumn)) {
      invalid(
        `renames: '${from}': '${to}': the table "${oldTable.name}" has a column "${newColumn}" already; drop or rename that one in a migration of its own first.`,
      );
    }
    if (newTable.columns.some((column) => column.name === oldColumn)) {
      invalid(
        `renames: '${from}': '${to}': the model still has a column "${oldColumn}", so it cannot be renamed away; remove the rename or the old field.`,
      );
    }
    columns.push({ table: newTable.name, from: oldColumn, to: newColumn });
  }
  for (const table of new Set(columns.map((rename) => rename.table))) {
    assertDistinct(
      columns.filter((rename) => rename.table === table).map((rename) => rename.to),
      `column of "${table}"`,
    );
  }
  return { tables, columns };
}

/** The previous snapshot as it is after the renames: what the later changes are computed from. */
export function applyRenames(prev: Snapshot, renames: ResolvedRenames): Snapshot {
  const tableName = (name: string): string => renames.tables.find((rename) => rename.from === name)?.to ?? name;
  const columnName = (table: string, name: string): string =>
    renames.columns.find((rename) => rename.table === table && rename.from === name)?.to ?? name;
  const tables: Record<string, SnapshotTable> = {};
  for (const table of Object.values(prev.tables)) {
    const name = tableName(table.name);
    const column = (columnNameOld: string): string => columnName(name, columnNameOld);
    const fields =
      table.fields === undefined ? undefined : Object.fromEntries(Object.entries(table.fields).map(([field, col]) => [field, column(col)]));
    const renamed: SnapshotTable = {
      ...table,
      name,
      columns: table.columns.map((entry) => ({ ...entry, name: column(entry.name) })),
      primaryKey: table.primaryKey.map(column),
      indexes: table.indexes.map((index) => ({ ...index, columns: index.columns.map(column) })),
      foreignKeys: table.foreignKeys.map((key) => {
        const refTable = tableName(key.refTable);
        return { ...key, columns: key.columns.map(column), refTable, refColumns: key.refColumns.map((ref) => columnName(refTable, ref)) };
      }),
      checks: table.checks.map((check) => ({ ...check, column: column(check.column) })),
      ...(fields === undefined ? {} : { fields }),
    };
    tables[name] = renamed;
  }
  return { ...prev, tables: sortTables(tables) };
}

/** Tables ordered by name, so snapshots compare and serialise the same way every time. */
export function sortTables(tables: Record<string, SnapshotTable>): Record<string, SnapshotTable> {
  return Object.fromEntries(Object.entries(tables).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function findTable(snapshot: Snapshot, name: string, side: 'old' | 'new', from: string, to: string): SnapshotTable {
  const table = Object.values(snapshot.tables).find((entry) => entry.model === name) ?? snapshot.tables[name];
  if (table !== undefined) return table;
  const known = Object.values(snapshot.tables).map((entry) => entry.model ?? entry.name);
  invalid(
    side === 'old'
      ? `renames: '${from}': '${to}': the last migration has no model or table "${name}" (it has: ${list(known)}); the key names the old name.`
      : `renames: '${from}': '${to}': the models have no model or table "${name}" (they have: ${list(known)}); the value names the new name.`,
  );
}

function findColumn(table: SnapshotTable, field: string, side: 'old' | 'new', from: string, to: string): string {
  const column = table.fields?.[field] ?? table.columns.find((entry) => entry.name === field)?.name;
  if (column !== undefined) return column;
  const known = Object.keys(table.fields ?? {}).length > 0 ? Object.keys(table.fields ?? {}) : table.columns.map((entry) => entry.name);
  invalid(
    side === 'old'
      ? `renames: '${from}': '${to}': "${table.model ?? table.name}" had no field "${field}" in the last migration (it had: ${list(known)}).`
      : `renames: '${from}': '${to}': model "${table.model ?? table.name}" has no field "${field}" (it has: ${list(known)}).`,
  );
}

function assertDistinct(names: readonly string[], what: string): void {
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) invalid(`renames: two renames lead to the same ${what} "${name}"; each new name can be the target of one rename.`);
    seen.add(name);
  }
}

function list(names: readonly string[]): string {
  return names.length === 0 ? 'none' : names.join(', ');
}

function invalid(message: string): never {
  throw new KitDbError('invalid_config', `${component}: ${message}`);
}
