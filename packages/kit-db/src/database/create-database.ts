import type { Table } from 'drizzle-orm';
import { KitDbError } from '../errors/kit-db-error.js';
import {
  Availability,
  checkMilliseconds,
  defaultQueryTimeoutMs,
  defaultRetryAfterSeconds,
  defaultSqliteBusyTimeoutMs,
} from './availability.js';
import { resolveModels } from '../model/resolve-models.js';
import type { Connection } from './connect/connection.js';
import { connectLibsql } from './connect/libsql.js';
import { connectMysql } from './connect/mysql.js';
import { connectPostgres } from './connect/postgres.js';
import { connectSqlite } from './connect/sqlite.js';
import {
  forgetDefaultDatabase,
  forgetOpenDatabase,
  hasDefaultDatabase,
  rememberOpenDatabase,
  setDefaultDatabase,
} from './default-database.js';
import { databaseHandle, type DatabaseState } from './kit-database.js';
import type { CreateDatabaseOptions, DatabaseProvider, KitDatabase } from './types.js';

const providers: readonly DatabaseProvider[] = ['sqlite', 'libsql', 'postgres', 'mysql'];
const urlSchemes: Readonly<Record<'postgres' | 'mysql', readonly string[]>> = {
  postgres: ['postgres:', 'postgresql:'],
  mysql: ['mysql:', 'mariadb:'],
};

/**
 * Opens a database and compiles the models for it: checks the models (`resolveModels`), connects
 * (within `connectTimeoutMs`, default 5000: `connection_failed` naming provider, host or file and
 * the fix, never a hang), and returns a `KitDatabase` whose statements never wait past
 * `queryTimeoutMs` (default 10 s): a database that is down or too slow is a `database_unavailable`
 * error, answered 503 with `Retry-After`, logged once per outage. Creates no tables: apply migrations, or call
 * `createTables(db)`. Accepts kit-core's `KitConfig.database` as it is (`{ provider, url }`). The
 * first database created becomes the process default (`defaultDatabase()`).
 *
 * @example
 * ```ts
 * import { createDatabase, createTables, defineModel, id, string } from '@kit/kit-db';
 *
 * const note = defineModel('note', { id: id(), title: string() });
 * const db = await createDatabase({ provider: 'sqlite', url: ':memory:', models: [note] });
 * await createTables(db);
 * const saved = await db.insert(note, { title: 'Hello' });
 * console.log((await db.get(note, saved.id)).title); // Hello
 * await db.close();
 * ```
 */
export async function createDatabase<P extends DatabaseProvider>(options: CreateDatabaseOptions<P>): Promise<KitDatabase<P>> {
  const config = checkOptions(options);
  const schema = resolveModels(options.models ?? []);
  const connectTimeoutMs = options.connectTimeoutMs ?? 5000;
  const poolSize = options.poolSize ?? 10;
  const queryTimeoutMs = checkMilliseconds(
    'queryTimeoutMs',
    options.queryTimeoutMs,
    config.provider === 'sqlite' ? defaultSqliteBusyTimeoutMs : defaultQueryTimeoutMs,
  );
  const retryAfterSeconds = options.retryAfterSeconds ?? defaultRetryAfterSeconds;
  if (!Number.isSafeInteger(retryAfterSeconds) || retryAfterSeconds < 1 || retryAfterSeconds > 86_400) {
    throw new KitDbError(
      'invalid_config',
      `createDatabase: retryAfterSeconds must be a whole number of seconds from 1 to 86400, got ${String(retryAfterSeconds)}; omit it for ${defaultRetryAfterSeconds}.`,
      { provider: config.provider },
    );
  }
  if (options.log !== undefined && typeof options.log !== 'function') {
    throw new KitDbError(
      'invalid_config',
      'createDatabase: log must be a function that takes one line of text, such as (line) => logger.warn(line); omit it for standard error.',
      { provider: config.provider },
    );
  }
  const needsVector = schema.tables.some((table) => table.columns.some((column) => column.type === 'vector'));
  let connection: Connection;
  switch (config.provider) {
    case 'sqlite':
      connection = connectSqlite(config.url, { busyTimeoutMs: queryTimeoutMs });
      break;
    case 'libsql':
      connection = await connectLibsql(config.url, {
        connectTimeoutMs,
        queryTimeoutMs,
        ...(options.authToken === undefined ? {} : { authToken: options.authToken }),
      });
      break;
    case 'postgres':
      connection = await connectPostgres(config.url, {
        connectTimeoutMs,
        queryTimeoutMs,
        poolSize,
        vector: options.vector ?? 'auto',
        needsVector,
      });
      break;
    case 'mysql':
      connection = await connectMysql(config.url, { connectTimeoutMs, queryTimeoutMs, poolSize });
      break;
  }
  const log = options.log ?? ((line: string) => void process.stderr.write(`${line}\n`));
  const availability = new Availability({ provider: config.provider, where: connection.where, queryTimeoutMs, retryAfterSeconds, log });
  const tables = connection.dialect.buildTables(schema.tables);
  const tablesByName: Record<string, Table> = {};
  for (const model of schema.models.values()) tablesByName[model.name] = tables.get(model.table.name)!;
  for (const table of schema.tables) if (table.model === undefined) tablesByName[table.name] = tables.get(table.name)!;
  const state: DatabaseState = { connection, schema, tables, tablesByName: Object.freeze(tablesByName), closed: false, availability };
  const db = databaseHandle<P>(state, connection.root);
  rememberOpenDatabase(db);
  state.onClose = () => {
    forgetDefaultDatabase(db);
    forgetOpenDatabase(db);
  };
  if (options.setDefault === true || (options.setDefault === undefined && !hasDefaultDatabase())) setDefaultDatabase(db);
  return db;
}

function checkOptions(options: unknown): { provider: DatabaseProvider; url: string } {
  if (options === null || typeof options !== 'object') {
    throw new KitDbError(
      'invalid_config',
      "createDatabase needs { provider, url, models }, e.g. { provider: 'sqlite', url: 'file:./data.db', models: [ticket] }.",
    );
  }
  const { provider, url, models } = options as { provider?: unknown; url?: unknown; models?: unknown };
  if (typeof provider !== 'string' || !providers.includes(provider as DatabaseProvider)) {
    throw new KitDbError(
      'invalid_config',
      `createDatabase: provider ${JSON.stringify(provider) ?? 'undefined'} is not one of ${providers.map((p) => `'${p}'`).join(', ')}.`,
    );
  }
  if (typeof url !== 'string' || url.trim() === '') {
    throw new KitDbError(
      'invalid_config',
      `createDatabase: url is ${url === '' ? 'empty' : 'missing'} for provider '${provider}'; set it, usually from the environment (env('DATABASE_URL')).`,
      { provider },
    );
  }
  if (provider === 'postgres' || provider === 'mysql') {
    const schemes = urlSchemes[provider];
    if (!schemes.some((scheme) => url.startsWith(`${scheme}//`))) {
      throw new KitDbError(
        'invalid_config',
        `createDatabase: the ${provider} url must start with ${schemes.map((s) => `${s}//`).join(' or ')} (e.g. ${provider === 'postgres' ? 'postgres://user:password@localhost:5432/app' : 'mysql://user:password@localhost:3306/app'}).`,
        {
          provider,
        },
      );
    }
  }
  if (models !== undefined && !Array.isArray(models)) {
    throw new KitDbError('invalid_config', 'createDatabase: models must be an array of defineModel(...) results.', { provider });
  }
  return { provider: provider as DatabaseProvider, url: provider === 'mysql' ? url.replace(/^mariadb:/, 'mysql:') : url };
}
