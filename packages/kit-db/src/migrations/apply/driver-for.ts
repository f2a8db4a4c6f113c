import type { Database } from 'better-sqlite3';
import type { Client } from '@libsql/client';
import type { Pool as PgPool } from 'pg';
import type { Pool as MysqlPool } from 'mysql2/promise';
import { KitDbError } from '../../errors/kit-db-error.js';
import type { KitDatabase } from '../../database/types.js';
import type { MigrationDriver } from './driver.js';
import { libsqlDriver } from './libsql-driver.js';
import { mysqlDriver } from './mysql-driver.js';
import { postgresDriver } from './postgres-driver.js';
import { sqliteDriver } from './sqlite-driver.js';

/**
 * The migration driver of a database, on the driver client under its drizzle instance (`$client`):
 * migrations need a connection of their own for the lock and for SQLite's foreign-key switch, which
 * the typed operations do not give.
 */
export function driverFor(db: KitDatabase, component: string): MigrationDriver {
  const client = (db.drizzle as unknown as { $client?: unknown }).$client;
  const missing = (what: string): never => {
    throw new KitDbError(
      'invalid_config',
      `${component}: the ${db.provider} database has no ${what} client under db.drizzle.$client; pass a database made by createDatabase().`,
      {
        provider: db.provider,
      },
    );
  };
  if (client === undefined || client === null) return missing('driver');
  switch (db.provider) {
    case 'sqlite':
      if (typeof (client as Partial<Database>).pragma !== 'function') return missing('better-sqlite3');
      return sqliteDriver(client as Database);
    case 'libsql':
      if (typeof (client as Partial<Client>).migrate !== 'function') return missing('@libsql/client');
      return libsqlDriver(client as Client);
    case 'postgres':
      if (typeof (client as Partial<PgPool>).connect !== 'function') return missing('pg');
      return postgresDriver(client as PgPool);
    case 'mysql': {
      // drizzle accepts mysql2's callback pool as well as its promise pool; `.promise()` turns the first into the second.
      const callbackPool = client as { promise?: () => MysqlPool };
      const pool = typeof callbackPool.promise === 'function' ? callbackPool.promise() : (client as MysqlPool);
      if (typeof pool.getConnection !== 'function') return missing('mysql2 pool');
      return mysqlDriver(pool);
    }
  }
  return missing('known');
}
