import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import type Database from 'better-sqlite3';
import { KitAIError } from '../errors/kit-ai-error.js';
import { describeValue, errorText } from './checks.js';

// The native addon is loaded on the first SQLite store, so that importing @kit/kit-ai (for an in-memory
// agent, say) works even where better-sqlite3 could not be built.
let driver: typeof Database | undefined;
function loadDriver(component: string): typeof Database {
  if (!driver) {
    try {
      driver = createRequire(import.meta.url)('better-sqlite3') as typeof Database;
    } catch (error) {
      throw new KitAIError(
        'store_failed',
        `${component}: the SQLite driver better-sqlite3 could not be loaded (${errorText(error)}); run npm install so its native addon is built (it needs python3, make and a C++ compiler), or use the in-memory store.`,
        { cause: error },
      );
    }
  }
  return driver;
}

/** A better-sqlite3 connection. */
export type SqliteConnection = Database.Database;

/** A better-sqlite3 prepared statement. */
export type Statement = Database.Statement;

/** The schema of one component (memory, evolution) in a database file: the SQL that brings version n to n + 1 at index n. */
export interface ComponentSchema {
  /** Row key in `kit_schema_versions`; several components can share one file. */
  name: string;
  migrations: readonly string[];
}

/**
 * Opens (creating when needed) a SQLite database for a kit-ai store: the folder of the file is created,
 * the journal is WAL (readers never wait for the writer, and several processes can share the file), a
 * busy writer is waited for up to 5 seconds, and the component's schema is migrated to the newest version
 * inside one transaction. `synchronous` is NORMAL. `:memory:` gives a private in-memory database.
 */
export function openStoreDatabase(
  component: string,
  path: unknown,
  schema: ComponentSchema,
): { connection: SqliteConnection; location: string } {
  if (typeof path !== 'string' || path.trim() === '') {
    throw new KitAIError(
      'invalid_config',
      `${component}: path must be a file path such as './.kit/memory.sqlite' or ':memory:', got ${describeValue(path)}.`,
    );
  }
  const inMemory = path === ':memory:';
  const location = inMemory ? path : resolve(path);
  const Driver = loadDriver(component);
  let connection: SqliteConnection;
  try {
    if (!inMemory) mkdirSync(dirname(location), { recursive: true });
    connection = new Driver(location);
  } catch (error) {
    throw new KitAIError(
      'store_failed',
      `${component}: cannot open the SQLite database "${location}" (${errorText(error)}); check that its folder is writable.`,
      { cause: error },
    );
  }
  try {
    connection.pragma('busy_timeout = 5000');
    if (!inMemory) {
      connection.pragma('journal_mode = WAL');
      // With WAL, NORMAL syncs at checkpoints rather than at every commit: the file can never be corrupted,
      // and only the last commits before a power cut (not a process crash) can be lost.
      connection.pragma('synchronous = NORMAL');
    }
    connection.pragma('foreign_keys = ON');
    migrate(component, connection, schema, location);
  } catch (error) {
    connection.close();
    if (error instanceof KitAIError) throw error;
    throw new KitAIError(
      'store_failed',
      `${component}: cannot prepare the SQLite database "${location}" (${errorText(error)}); is it a kit-ai store file?`,
      { cause: error },
    );
  }
  return { connection, location };
}

function migrate(component: string, connection: SqliteConnection, schema: ComponentSchema, location: string): void {
  const newest = schema.migrations.length;
  // IMMEDIATE takes the write lock first, so two processes opening a new file do not both create tables.
  connection
    .transaction(() => {
      connection.exec(
        'CREATE TABLE IF NOT EXISTS kit_schema_versions (component TEXT PRIMARY KEY, version INTEGER NOT NULL, updated_at TEXT NOT NULL)',
      );
      const row = connection.prepare('SELECT version FROM kit_schema_versions WHERE component = ?').get(schema.name) as
        { version: number } | undefined;
      const current = row?.version ?? 0;
      if (current > newest) {
        throw new KitAIError(
          'store_failed',
          `${component}: the database "${location}" holds ${schema.name} schema version ${current}, newer than version ${newest} that this kit-ai knows; upgrade @kit/kit-ai or use another file.`,
        );
      }
      for (let version = current; version < newest; version++) connection.exec(schema.migrations[version] as string);
      if (current < newest) {
        connection
          .prepare(
            'INSERT INTO kit_schema_versions (component, version, updated_at) VALUES (?, ?, ?) ON CONFLICT (component) DO UPDATE SET version = excluded.version, updated_at = excluded.updated_at',
          )
          .run(schema.name, newest, new Date().toISOString());
      }
    })
    .immediate();
}

/**
 * Prepared statements of one connection, compiled once per SQL text: better-sqlite3 compiles on every
 * `prepare`, which would otherwise cost more than many of the queries. `raw` statements return rows as
 * arrays, which is cheaper for large results.
 */
export function statementCache(connection: SqliteConnection): (sql: string, raw?: boolean) => Statement {
  const statements = new Map<string, Statement>();
  return (sql, raw = false) => {
    const key = `${raw ? 'raw' : 'object'}:${sql}`;
    let statement = statements.get(key);
    if (!statement) {
      statement = connection.prepare(sql);
      if (raw) statement.raw(true);
      statements.set(key, statement);
    }
    return statement;
  };
}

/**
 * Runs one store operation, turning a database failure (a locked or corrupt file, a closed connection)
 * into `KitAIError('store_failed')`; kit-ai's own errors pass through.
 */
export function guardStore<T>(component: string, connection: SqliteConnection, location: string, operation: () => T): T {
  if (!connection.open) {
    throw new KitAIError('store_failed', `${component}: the database "${location}" is closed; create a new store to use it again.`);
  }
  try {
    return operation();
  } catch (error) {
    if (error instanceof KitAIError) throw error;
    throw new KitAIError('store_failed', `${component}: the SQLite database "${location}" failed (${errorText(error)}).`, { cause: error });
  }
}

/** A float vector as a compact BLOB (IEEE 754 doubles, so it reads back exactly as stored). */
export function vectorToBlob(vector: readonly number[] | Float64Array): Buffer {
  const array = vector instanceof Float64Array ? vector : Float64Array.from(vector);
  return Buffer.from(array.buffer, array.byteOffset, array.byteLength);
}

/** A BLOB written by `vectorToBlob`, copied so its alignment is right for a Float64Array. */
export function blobToVector(blob: Buffer): Float64Array {
  const copy = new Uint8Array(blob.byteLength);
  copy.set(blob);
  return new Float64Array(copy.buffer);
}
