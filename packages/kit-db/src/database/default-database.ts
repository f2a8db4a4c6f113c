import { KitDbError } from '../errors/kit-db-error.js';
import type { KitDatabase } from './types.js';

let current: KitDatabase | undefined;

/**
 * The process default database: the first one `createDatabase` made (or the last made with
 * `setDefault: true`), until it is closed. `generateCrudRoutes` uses it when given no `db`.
 * Throws `invalid_config` when there is none.
 *
 * @example
 * ```ts
 * import { createDatabase, defaultDatabase } from '@kit/kit-db';
 *
 * const db = await createDatabase({ provider: 'sqlite', url: ':memory:', models: [] });
 * console.log(defaultDatabase() === db); // true, when it was the first
 * ```
 */
export function defaultDatabase(): KitDatabase {
  if (current === undefined) {
    throw new KitDbError(
      'invalid_config',
      'No default database: none was created yet, or it was closed; call createDatabase({ provider, url, models }) at startup, or pass { db } explicitly.',
    );
  }
  return current;
}

/**
 * Sets (or with `undefined` clears) the process default database.
 *
 * @example
 * ```ts
 * import { createDatabase, setDefaultDatabase } from '@kit/kit-db';
 *
 * const replica = await createDatabase({ provider: 'sqlite', url: ':memory:', models: [], setDefault: false });
 * setDefaultDatabase(replica);
 * ```
 */
export function setDefaultDatabase(db: KitDatabase | undefined): void {
  current = db;
}

/** Whether a default database is set. */
export function hasDefaultDatabase(): boolean {
  return current !== undefined;
}

/** Forgets `db` as the default if it is the default (when it closes). */
export function forgetDefaultDatabase(db: KitDatabase): void {
  if (current === db) current = undefined;
}

const open = new Set<KitDatabase>();

/** Notes a database `createDatabase` opened, for `closeDatabases`. */
export function rememberOpenDatabase(db: KitDatabase): void {
  open.add(db);
}

/** Forgets a database once it is closed. */
export function forgetOpenDatabase(db: KitDatabase): void {
  open.delete(db);
}

/**
 * Closes every database this process opened with `createDatabase` and has not closed yet: for a
 * shutdown hook, so that no pool of connections keeps a stopping process alive. Resolves once all
 * are closed; a database that fails to close does not keep the others open (the first failure is
 * rethrown at the end).
 *
 * @example
 * ```ts
 * import { createKitApp } from '@kit/kit-core';
 * import { closeDatabases } from '@kit/kit-db';
 *
 * const server = await createKitApp({ routes: {} }).listen({ port: 3000 });
 * process.once('SIGTERM', async () => {
 *   await server.close(); // lets the requests in flight finish
 *   await closeDatabases();
 * });
 * ```
 */
export async function closeDatabases(): Promise<void> {
  const results = await Promise.allSettled([...open].map((db) => db.close()));
  const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failed) throw failed.reason;
}
