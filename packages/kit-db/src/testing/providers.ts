import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hasMariadbServer, startMariadb, type TestMariadb } from '../../../../test-support/mariadb-server.js';
import { hasPostgresServer, startPostgres, type TestPostgres } from '../../../../test-support/postgres-server.js';
import { createDatabase } from '../database/create-database.js';
import type { CreateDatabaseOptions, DatabaseProvider, KitDatabase } from '../database/types.js';
import type { AnyModel } from '../model/types.js';

/**
 * One provider for the behavioural suites: `describe.each(testProviders)('$name', ...)`, skipping
 * with `describe.skipIf(!provider.available)` and `provider.unavailable` as the reason.
 */
export interface TestProvider {
  readonly name: DatabaseProvider;
  /** Whether the provider can run here (the server program is installed). */
  readonly available: boolean;
  /** Why not, for the skip message. */
  readonly unavailable: string | undefined;
  /**
   * The URL of a fresh, empty database: a new SQLite or libSQL file in a temp directory, or a new
   * database on the PostgreSQL or MariaDB server of this test file (started on first use).
   */
  freshUrl(): Promise<string>;
  /**
   * `createDatabase` on a fresh, empty database (no tables: call `createTables` or apply migrations),
   * or on `options.url` when given. Not made the default unless `options.setDefault`.
   */
  open(models: readonly AnyModel[], options?: Partial<CreateDatabaseOptions>): Promise<KitDatabase>;
}

let postgres: Promise<TestPostgres> | undefined;
let mariadb: Promise<TestMariadb> | undefined;
let tempDir: string | undefined;
let counter = 0;
const opened: KitDatabase[] = [];

function fileUrl(prefix: string): string {
  tempDir ??= mkdtempSync(join(tmpdir(), 'kit-db-test-'));
  return `${prefix}${join(tempDir, `db${++counter}.sqlite`)}`;
}

function databaseName(): string {
  return `kit_test_${process.pid}_${++counter}`;
}

function provider(
  name: DatabaseProvider,
  available: boolean,
  unavailable: string | undefined,
  freshUrl: () => Promise<string>,
): TestProvider {
  return {
    name,
    available,
    unavailable,
    freshUrl,
    open: async (models, options = {}) => {
      const db = await createDatabase({
        ...options,
        provider: name,
        url: options.url ?? (await freshUrl()),
        models,
        setDefault: options.setDefault ?? false,
      });
      opened.push(db);
      return db;
    },
  };
}

const postgresAvailable = hasPostgresServer();
const mariadbAvailable = hasMariadbServer();

/** The four providers, each with a way to a fresh empty database. Servers start once per test file, on first use. */
export const testProviders: readonly TestProvider[] = [
  provider('sqlite', true, undefined, async () => fileUrl('')),
  provider('libsql', true, undefined, async () => fileUrl('file:')),
  provider(
    'postgres',
    postgresAvailable,
    postgresAvailable ? undefined : 'PostgreSQL is not installed (apt-get install postgresql)',
    async () => {
      postgres ??= startPostgres();
      return (await postgres).createDatabase(databaseName());
    },
  ),
  provider(
    'mysql',
    mariadbAvailable,
    mariadbAvailable ? undefined : 'MariaDB is not installed (apt-get install mariadb-server)',
    async () => {
      mariadb ??= startMariadb();
      return (await mariadb).createDatabase(databaseName());
    },
  ),
];

/** Starts the servers of the available providers at once (they start anyway on first use, one after the other). */
export async function startTestProviders(): Promise<void> {
  if (postgresAvailable) postgres ??= startPostgres();
  if (mariadbAvailable) mariadb ??= startMariadb();
  await Promise.all([postgres, mariadb]);
}

/** Closes the databases `open` made, stops the servers and removes the temp files: call it in `afterAll`. */
export async function stopTestProviders(): Promise<void> {
  await Promise.all(opened.splice(0).map((db) => db.close().catch(() => undefined)));
  const servers = [postgres, mariadb];
  postgres = undefined;
  mariadb = undefined;
  await Promise.all(servers.map(async (server) => (server === undefined ? undefined : (await server.catch(() => undefined))?.stop())));
  if (tempDir !== undefined) rmSync(tempDir, { recursive: true, force: true });
  tempDir = undefined;
}
