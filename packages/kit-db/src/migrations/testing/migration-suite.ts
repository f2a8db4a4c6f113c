import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { createDatabase } from '../../database/create-database.js';
import type { KitDatabase } from '../../database/types.js';
import { defineModel } from '../../model/define-model.js';
import { datetime, enumField, id, integer, string } from '../../model/field.js';
import { belongsTo, hasMany, manyToMany } from '../../model/relation.js';
import type { AnyModel } from '../../model/types.js';
import type { TestProvider } from '../../testing/providers.js';
import { generateMigration, type GeneratedMigration } from '../generate/generate-migration.js';
import type { MigrationRenames } from '../diff/renames.js';

// One schema history, step by step: each step is a version of the app's models.
export const project = defineModel('project', { id: id(), name: string(), tickets: hasMany('ticket') });
export const ticket = defineModel('ticket', { id: id(), title: string(), project: belongsTo('project', { onDelete: 'cascade' }) });
export const ticketWithDue = defineModel('ticket', {
  id: id(),
  title: string(),
  dueDate: datetime().optional(),
  priority: integer().default(0),
  project: belongsTo('project', { onDelete: 'cascade' }),
});
export const ticketIndexed = defineModel(
  'ticket',
  {
    id: id(),
    title: string(),
    dueDate: datetime().optional(),
    priority: integer().default(0).index(),
    code: string({ maxLength: 20 }).optional().unique(),
    project: belongsTo('project', { onDelete: 'cascade' }),
  },
  { indexes: [{ fields: ['projectId', 'priority'] }] },
);
export const label = defineModel('label', { id: id(), name: string() });
export const ticketLabelled = defineModel('ticket', {
  id: id(),
  title: string(),
  status: enumField(['open', 'closed']).default('open'),
  project: belongsTo('project', { onDelete: 'cascade' }),
  labels: manyToMany('label'),
});
export const ticketRenamed = defineModel('ticket', {
  id: id(),
  subject: string(),
  status: enumField(['open', 'closed']).default('open'),
  project: belongsTo('project', { onDelete: 'cascade' }),
  labels: manyToMany('label'),
});

/** Tables and columns as the database reports them, the same query shape on every dialect. */
export async function columnsOf(db: KitDatabase, table: string): Promise<string[]> {
  const sql =
    db.dialect.name === 'sqlite'
      ? `SELECT name AS name FROM pragma_table_info('${table}') ORDER BY cid`
      : db.dialect.name === 'postgres'
        ? `SELECT column_name AS name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = '${table}' ORDER BY ordinal_position`
        : `SELECT COLUMN_NAME AS name FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = '${table}' ORDER BY ORDINAL_POSITION`;
  return (await db.execute(sql)).rows.map((row) => String(row['name']));
}

export async function indexesOf(db: KitDatabase, table: string): Promise<string[]> {
  const sql =
    db.dialect.name === 'sqlite'
      ? `SELECT name AS name FROM pragma_index_list('${table}') WHERE origin = 'c'`
      : db.dialect.name === 'postgres'
        ? `SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema() AND tablename = '${table}' AND indexname <> '${table}_pkey'`
        : `SELECT DISTINCT INDEX_NAME AS name FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = '${table}' AND INDEX_NAME <> 'PRIMARY'`;
  return (await db.execute(sql)).rows.map((row) => String(row['name'])).sort();
}

export async function tableExists(db: KitDatabase, table: string): Promise<boolean> {
  return (await columnsOf(db, table)).length > 0;
}

/** What each test of a provider's suite works with: a migrations folder and a fresh database. */
export interface MigrationTestContext {
  /** The migrations folder of the test. */
  readonly dir: string;
  /** A handle on the test's database with these models; several may be open at once. Closed after the test. */
  connect(models: readonly AnyModel[]): Promise<KitDatabase>;
  /** `generateMigration` for the provider into the test's folder. */
  generate(
    models: readonly AnyModel[],
    extra?: { name?: string; renames?: MigrationRenames; allowDataLoss?: boolean },
  ): Promise<GeneratedMigration | null>;
}

/** Registers the hooks giving each test a new folder and database; call inside the provider's describe. */
export function useMigrationContext(provider: TestProvider): MigrationTestContext {
  let dir = '';
  let url = '';
  const open: KitDatabase[] = [];
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), `kit-db-migrations-${provider.name}-`));
    url = await provider.freshUrl();
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((db) => db.close()));
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    get dir() {
      return dir;
    },
    connect: async (models) => {
      const db = await createDatabase({ provider: provider.name, url, models, setDefault: false });
      open.push(db);
      return db;
    },
    generate: (models, extra = {}) => generateMigration({ models, dir, provider: provider.name, ...extra }),
  };
}
