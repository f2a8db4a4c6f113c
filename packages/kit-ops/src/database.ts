import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import type Database from 'better-sqlite3';
import { errorText, KitOpsError } from './kit-ops-error.js';

/** A better-sqlite3 connection. */
export type SqliteConnection = Database.Database;

/** The SQL that brings schema version n to n + 1, at index n. The version lives in `PRAGMA user_version`. */
const migrations: readonly string[] = [
  `CREATE TABLE ops_events (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     at INTEGER NOT NULL,
     kind TEXT NOT NULL,
     subject TEXT NOT NULL,
     status TEXT,
     correlation_id TEXT,
     duration_ms REAL,
     data TEXT NOT NULL
   );
   CREATE INDEX ops_events_at ON ops_events (at);
   CREATE INDEX ops_events_kind_at ON ops_events (kind, at);
   CREATE INDEX ops_events_subject_at ON ops_events (subject, at);
   CREATE INDEX ops_events_correlation ON ops_events (correlation_id) WHERE correlation_id IS NOT NULL;
   CREATE TABLE ops_incidents (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     rule TEXT NOT NULL,
     subject TEXT NOT NULL,
     kind TEXT NOT NULL,
     opened_at INTEGER NOT NULL,
     resolved_at INTEGER,
     event_count INTEGER NOT NULL,
     last_event_at INTEGER NOT NULL
   );
   CREATE INDEX ops_incidents_resolved ON ops_incidents (resolved_at);
   CREATE INDEX ops_incidents_rule_subject ON ops_incidents (rule, subject) WHERE resolved_at IS NULL;
   CREATE TABLE ops_health (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     name TEXT NOT NULL,
     at INTEGER NOT NULL,
     status TEXT NOT NULL,
     details TEXT NOT NULL
   );
   CREATE INDEX ops_health_name ON ops_health (name, id);`,
];

/** The schema version this kit-ops writes. */
export const schemaVersion = migrations.length;

let driver: typeof Database | undefined;
function loadDriver(): typeof Database {
  if (!driver) {
    try {
      driver = createRequire(import.meta.url)('better-sqlite3') as typeof Database;
    } catch (error) {
      throw new KitOpsError(
        'store_failed',
        `createOpsStore: the SQLite driver better-sqlite3 could not be loaded (${errorText(error)}); run npm install so its native addon is built (it needs python3, make and a C++ compiler).`,
        { cause: error },
      );
    }
  }
  return driver;
}

/**
 * Turns a SQLite failure into a KitOpsError naming the file and the fix. `doing` says what was attempted
 * ("record an event"); errors that already are KitOpsErrors pass through.
 */
export function storeError(error: unknown, location: string, doing: string, busyTimeoutMs: number): KitOpsError {
  if (error instanceof KitOpsError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const text = errorText(error);
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED' || (typeof code === 'string' && code.startsWith('SQLITE_BUSY'))) {
    return new KitOpsError(
      'store_locked',
      `kit-ops: cannot ${doing}: the database "${location}" is locked by another connection (${text}) for longer than busyTimeoutMs (${busyTimeoutMs} ms); events already recorded are safe. Find the process holding a long write transaction, or raise busyTimeoutMs.`,
      { cause: error },
    );
  }
  if (code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB' || (typeof code === 'string' && code.startsWith('SQLITE_CORRUPT'))) {
    return new KitOpsError(
      'store_corrupt',
      `kit-ops: cannot ${doing}: the database "${location}" is not a SQLite database or is damaged (${text}). Move the file aside and start with a fresh one (the sqlite3 shell's .recover command can often save its events), or point path to the right file.`,
      { cause: error },
    );
  }
  return new KitOpsError(
    'store_failed',
    `kit-ops: cannot ${doing} in "${location}" (${text}); check that the file and its folder are writable and the disk has room.`,
    { cause: error },
  );
}

/**
 * Opens (creating when needed) the ops database: its folder is created, the journal is WAL (readers
 * never wait for the writer; several processes can share the file), `synchronous` is NORMAL, a busy
 * writer is waited for up to `busyTimeoutMs`, and the schema is migrated inside one IMMEDIATE transaction.
 */
export function openOpsDatabase(path: string, busyTimeoutMs: number): { connection: SqliteConnection; location: string } {
  const inMemory = path === ':memory:';
  const location = inMemory ? path : resolve(path);
  const Driver = loadDriver();
  let connection: SqliteConnection;
  try {
    if (!inMemory) mkdirSync(dirname(location), { recursive: true });
    connection = new Driver(location);
  } catch (error) {
    throw storeError(error, location, 'open the database', busyTimeoutMs);
  }
  try {
    connection.pragma(`busy_timeout = ${busyTimeoutMs}`);
    if (!inMemory) {
      connection.pragma('journal_mode = WAL');
      connection.pragma('synchronous = NORMAL');
    }
    migrate(connection, location);
  } catch (error) {
    connection.close();
    throw storeError(error, location, 'open the database', busyTimeoutMs);
  }
  return { connection, location };
}

function migrate(connection: SqliteConnection, location: string): void {
  const current = connection.pragma('user_version', { simple: true }) as number;
  if (current > schemaVersion) {
    throw new KitOpsError(
      'unsupported_schema',
      `kit-ops: the database "${location}" has schema version ${current}, newer than ${schemaVersion}, the newest this kit-ops knows; upgrade @kit/kit-ops or use another file.`,
    );
  }
  if (current === schemaVersion) return;
  connection
    .transaction(() => {
      // Read again under the write lock: another process may have migrated in between.
      const version = connection.pragma('user_version', { simple: true }) as number;
      for (let step = version; step < schemaVersion; step += 1) connection.exec(migrations[step] ?? '');
      connection.pragma(`user_version = ${schemaVersion}`);
    })
    .immediate();
}
