import type { SchemaDiff } from './diff-snapshots.js';
import { migrationSlug } from '../files/migration-files.js';

/** One line per change, for the header of the migration file and for `GeneratedMigration.changes`. */
export function describeDiff(diff: SchemaDiff): string[] {
  const lines: string[] = [];
  for (const rename of diff.renames.tables) lines.push(`rename table "${rename.from}" to "${rename.to}"`);
  for (const rename of diff.renames.columns) lines.push(`rename column "${rename.table}"."${rename.from}" to "${rename.to}"`);
  for (const table of diff.droppedTables)
    lines.push(`drop table "${table.name}"${table.model === undefined ? '' : ` (model ${table.model})`}`);
  for (const table of diff.createdTables) {
    lines.push(`create table "${table.name}"${table.model === undefined ? ' (join table)' : ` (model ${table.model})`}`);
  }
  for (const changes of diff.changedTables) {
    const table = `"${changes.name}"`;
    for (const column of changes.droppedColumns) lines.push(`${table}: drop column "${column.name}"`);
    for (const column of changes.addedColumns)
      lines.push(`${table}: add column "${column.name}" ${column.type}${column.notNull ? ' NOT NULL' : ''}`);
    for (const { from, to } of changes.alteredColumns) {
      const parts: string[] = [];
      if (from.type !== to.type) parts.push(`type ${from.type} → ${to.type}`);
      if (from.notNull !== to.notNull) parts.push(to.notNull ? 'NOT NULL' : 'nullable');
      if (from.default !== to.default) parts.push(to.default === undefined ? 'no default' : `default ${to.default}`);
      if (from.autoIncrement !== to.autoIncrement) parts.push(to.autoIncrement ? 'numbered by the database' : 'not numbered');
      lines.push(`${table}: alter column "${to.name}" (${parts.join('; ')})`);
    }
    if (changes.primaryKeyChanged) lines.push(`${table}: primary key (${changes.cur.primaryKey.join(', ')})`);
    for (const index of changes.droppedIndexes) lines.push(`${table}: drop ${index.unique ? 'unique ' : ''}index "${index.name}"`);
    for (const index of changes.addedIndexes)
      lines.push(`${table}: add ${index.unique ? 'unique ' : ''}index "${index.name}" (${index.columns.join(', ')})`);
    for (const key of changes.droppedForeignKeys) lines.push(`${table}: drop foreign key "${key.name}"`);
    for (const key of changes.addedForeignKeys) lines.push(`${table}: add foreign key "${key.name}" → "${key.refTable}"`);
    for (const check of changes.droppedChecks) lines.push(`${table}: drop check "${check.name}"`);
    for (const check of changes.addedChecks) lines.push(`${table}: add check "${check.name}" (${check.values.join(', ')})`);
  }
  return lines;
}

/**
 * A file name part for a migration nobody named: `create_project_ticket`, `add_ticket_due_date`,
 * `rename_ticket_title_to_subject`, with `_and_more` when there is more than one kind of change.
 */
export function defaultMigrationName(diff: SchemaDiff): string {
  const only =
    diff.changedTables.length === 0 &&
    diff.droppedTables.length === 0 &&
    diff.renames.tables.length === 0 &&
    diff.renames.columns.length === 0;
  if (only && diff.createdTables.length > 0) {
    const models = diff.createdTables.filter((table) => table.model !== undefined);
    const names = (models.length > 0 ? models : diff.createdTables).map((table) => table.name);
    return migrationSlug(`create_${names.slice(0, 3).join('_')}${names.length > 3 ? '_and_more' : ''}`) || 'migration';
  }
  const slugs: string[] = [];
  for (const rename of diff.renames.tables) slugs.push(`rename_${rename.from}_to_${rename.to}`);
  for (const rename of diff.renames.columns) slugs.push(`rename_${rename.table}_${rename.from}_to_${rename.to}`);
  for (const table of diff.droppedTables) slugs.push(`drop_${table.name}`);
  for (const table of diff.createdTables) slugs.push(`create_${table.name}`);
  for (const changes of diff.changedTables) {
    for (const column of changes.addedColumns) slugs.push(`add_${changes.name}_${column.name}`);
    for (const column of changes.droppedColumns) slugs.push(`drop_${changes.name}_${column.name}`);
    for (const { to } of changes.alteredColumns) slugs.push(`alter_${changes.name}_${to.name}`);
    if (changes.primaryKeyChanged) slugs.push(`alter_${changes.name}_primary_key`);
    for (const index of changes.addedIndexes) slugs.push(`add_index_${index.name}`);
    for (const index of changes.droppedIndexes) slugs.push(`drop_index_${index.name}`);
    for (const key of changes.addedForeignKeys) slugs.push(`add_${key.name}`);
    for (const key of changes.droppedForeignKeys) slugs.push(`drop_${key.name}`);
    for (const check of changes.addedChecks) slugs.push(`add_${check.name}`);
    for (const check of changes.droppedChecks) slugs.push(`drop_${check.name}`);
  }
  const first = slugs[0] ?? 'migration';
  return migrationSlug(slugs.length > 1 ? `${first.slice(0, 50)}_and_more` : first) || 'migration';
}
