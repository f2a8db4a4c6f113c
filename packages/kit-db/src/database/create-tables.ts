import type { KitDatabase } from './types.js';

/**
 * Creates every table of the database's models (and their join tables, indexes, unique constraints,
 * checks and foreign keys) in dependency order, in one transaction where the provider allows DDL in
 * transactions (not MySQL). The way to get tables without migrations: in tests, prototypes and
 * throw-away databases. Fails if a table exists already; use migrations to change a schema.
 *
 * @example
 * ```ts
 * import { createDatabase, createTables, defineModel, id, string } from '@kit/kit-db';
 *
 * const db = await createDatabase({ provider: 'sqlite', url: ':memory:', models: [defineModel('tag', { id: id(), name: string() })] });
 * await createTables(db);
 * ```
 */
export async function createTables(db: KitDatabase): Promise<void> {
  const statements = db.dialect.createSchemaStatements(db.schema.tables);
  const runAll = async (target: KitDatabase): Promise<void> => {
    for (const statement of statements) await target.execute(statement);
  };
  if (db.provider === 'mysql' || db.inTransaction) await runAll(db);
  else await db.transaction(runAll);
}

/**
 * The SQL statements `createTables` runs, for review or for a first migration by hand.
 *
 * @example
 * ```ts
 * import { createDatabase, createTablesSql, defineModel, id, string } from '@kit/kit-db';
 *
 * const db = await createDatabase({ provider: 'sqlite', url: ':memory:', models: [defineModel('tag', { id: id(), name: string() })] });
 * console.log(createTablesSql(db).join(';\n'));
 * ```
 */
export function createTablesSql(db: KitDatabase): string[] {
  return db.dialect.createSchemaStatements(db.schema.tables);
}
