import { KitDbError } from '../../errors/kit-db-error.js';
import type { SnapshotTable } from '../snapshot/snapshot.js';
import type { SchemaDiff } from './diff-snapshots.js';

/** A table or column a migration would drop, with the model and field it held. */
export interface DroppedData {
  readonly table: string;
  readonly column?: string;
  readonly model?: string;
  readonly field?: string;
}

/** Every table and column the diff drops: each may hold data. */
export function droppedData(diff: SchemaDiff): DroppedData[] {
  const dropped: DroppedData[] = [];
  for (const table of diff.droppedTables) {
    dropped.push({ table: table.name, ...(table.model === undefined ? {} : { model: table.model }) });
  }
  for (const changes of diff.changedTables) {
    for (const column of changes.droppedColumns) {
      const field = fieldOf(changes.prev, column.name);
      dropped.push({
        table: changes.name,
        column: column.name,
        ...(changes.prev.model === undefined ? {} : { model: changes.prev.model }),
        ...(field === undefined ? {} : { field }),
      });
    }
  }
  return dropped;
}

/**
 * `migration_would_drop_data` for the dropped tables and columns: names each one, suggests the rename
 * to declare when something was added beside it, and names `allowDataLoss`.
 */
export function dropDataError(diff: SchemaDiff, dropped: readonly DroppedData[]): KitDbError {
  const described = dropped.map(describe).join('; ');
  const suggestion = renameSuggestion(diff, dropped);
  const first = dropped[0];
  return new KitDbError(
    'migration_would_drop_data',
    `kit-db generateMigration: the model changes drop ${described}, which may hold data; no migration was written. ` +
      `A rename is never guessed: if it was renamed, declare it (${suggestion}) so the migration renames instead; ` +
      `to drop it and its data, pass { allowDataLoss: true }.`,
    {
      ...(first?.model === undefined ? {} : { model: first.model }),
      ...(first?.field === undefined ? {} : { field: first.field }),
    },
  );
}

function describe(item: DroppedData): string {
  if (item.column === undefined) {
    return item.model === undefined ? `table "${item.table}"` : `model "${item.model}" (table "${item.table}")`;
  }
  const owner = item.model ?? item.table;
  return `field "${owner}.${item.field ?? item.column}" (column "${item.column}" of table "${item.table}")`;
}

/** `renames: { 'ticket.title': 'ticket.subject' }` with names taken from what was added, when possible. */
function renameSuggestion(diff: SchemaDiff, dropped: readonly DroppedData[]): string {
  const pairs: string[] = [];
  for (const item of dropped) {
    if (item.column === undefined) {
      const created = diff.createdTables[0];
      const to = created?.model ?? created?.name ?? '<new model>';
      pairs.push(`'${item.model ?? item.table}': '${to}'`);
      continue;
    }
    const changes = diff.changedTables.find((entry) => entry.name === item.table);
    const added = changes?.addedColumns[0];
    const owner = item.model ?? item.table;
    const to = added === undefined ? '<new field>' : ((changes === undefined ? undefined : fieldOf(changes.cur, added.name)) ?? added.name);
    pairs.push(`'${owner}.${item.field ?? item.column}': '${changes?.cur.model ?? owner}.${to}'`);
  }
  return `renames: { ${pairs.slice(0, 3).join(', ')}${pairs.length > 3 ? ', …' : ''} }`;
}

function fieldOf(table: SnapshotTable, column: string): string | undefined {
  return Object.entries(table.fields ?? {}).find(([, col]) => col === column)?.[0];
}
