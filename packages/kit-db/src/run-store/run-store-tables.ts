import { sql } from 'drizzle-orm';
import { KitDbError } from '../errors/kit-db-error.js';
import { schemaGap } from '../errors/schema-gap.js';
import type { KitDatabase } from '../database/types.js';
import { runStoreFix } from './run-store-fix.js';
import { runStoreColumns, runStoreSql } from './run-store-schema.js';

// Any constant: PostgreSQL serialises concurrent table creation on it (two workers starting at once
// would otherwise race inside CREATE TABLE IF NOT EXISTS and one could fail on the catalog).
const createLock = 7_314_159;

/** Runs the run store's statements, each of which leaves existing tables as they are. */
export async function createRunStoreTables(db: KitDatabase): Promise<void> {
  const statements = runStoreSql(db.dialect.name);
  // MySQL commits each DDL statement on its own, so a transaction would not hold them together anyway.
  if (db.provider === 'mysql') {
    for (const statement of statements) await db.execute(statement);
    return;
  }
  await db.transaction(async (tx) => {
    if (tx.provider === 'postgres') await tx.execute(sql`SELECT pg_advisory_xact_lock(${createLock})`);
    for (const statement of statements) await tx.execute(statement);
  });
}

/**
 * Checks that every table of the run store has every column it reads and writes, so that a database
 * the migration never reached fails the first call with the table's name and the fix, not with an
 * error of the driver's in the middle of a claim.
 */
export async function checkRunStoreTables(db: KitDatabase): Promise<void> {
  for (const [table, columns] of Object.entries(runStoreColumns)) {
    try {
      await db.execute(`SELECT ${columns.join(', ')} FROM ${table} WHERE 1 = 0`);
    } catch (error) {
      if (!(error instanceof KitDbError) || error.code !== 'schema_out_of_date') throw error;
      const gap = schemaGap(error.cause);
      const missing =
        gap?.kind === 'column' ? `the table ${table} has no column ${gap.name ?? 'it needs'}` : `the table ${table} is missing`;
      throw new Error(`${missing}: the run store's migration has not been applied to this database. ${runStoreFix(db.provider)}`, {
        cause: error,
      });
    }
  }
}
