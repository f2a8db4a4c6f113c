import { defaultDatabase, hasDefaultDatabase } from '../database/default-database.js';
import type { KitDatabase } from '../database/types.js';
import { KitDbError } from '../errors/kit-db-error.js';
import type { AnyModel } from '../model/types.js';

/** Where the routes of one model find their database. */
export interface DatabaseSource {
  readonly model: AnyModel;
  /** `generateCrudRoutes(<model>)`, for messages. */
  readonly where: string;
  readonly db?: KitDatabase | (() => KitDatabase);
}

/**
 * The database of a call: the one given (or what the given function returns now), else the process
 * default as it is at this moment, so routes made before `createDatabase` work once it has run. A
 * missing database or one created without the model is the app's mistake, not the caller's: it is an
 * error the app's `onError` logs, naming the fix, and the caller gets a 500.
 */
export function resolveDatabase(source: DatabaseSource): KitDatabase {
  const db = typeof source.db === 'function' ? source.db() : (source.db ?? (hasDefaultDatabase() ? defaultDatabase() : undefined));
  if (db === undefined || db === null) {
    throw new KitDbError(
      'invalid_config',
      `${source.where}: there is no database; call createDatabase({ provider, url, models: [${source.model.name}, ...] }) before serving requests, or pass { db } to generateCrudRoutes.`,
      { model: source.model.name },
    );
  }
  if (!db.schema.models.has(source.model.name)) {
    throw new KitDbError(
      'unknown_model',
      `${source.where}: the database was created without model "${source.model.name}"; add it to the models of createDatabase.`,
      { model: source.model.name },
    );
  }
  return db;
}
